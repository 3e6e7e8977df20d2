import { createContext, useContext } from 'react';
import type { Gateway } from '../../shared/gateway/channels.ts';

export const GatewayContext = createContext<Gateway | null>(null);

export function useGateway(): Gateway {
  const gateway = useContext(GatewayContext);
  if (!gateway) throw new Error('useGateway outside GatewayContext');
  return gateway;
}
