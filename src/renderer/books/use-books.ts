/**
 * What the books' screens share: the book records, the payments recorded and the deadlines computed from both
 * for the day it is (the sandbox clock's day on the local sandbox, else today), in Italy.
 */
import { useMemo, useState } from 'react';
import { deadlinesOf, type Deadline } from '../../shared/books/index.ts';
import { italianDay } from '../format/italian-day.ts';
import { useBookRecords } from './book-records.ts';
import { usePayments } from './payments.ts';

/** 'YYYY-MM-DD' of `now` in Italy (the sandbox clock's moment, or the real one). */
export function todayOf(now: Date | null): string {
  return italianDay((now ?? new Date()).getTime())!;
}

export interface ReadingProgress {
  done: number;
  total: number;
}

export function useBooks(now: Date | null) {
  const today = todayOf(now);
  // The first time, every sent file is read into the index: the screen says how far it got.
  const [progress, setProgress] = useState<ReadingProgress | null>(null);
  const records = useBookRecords((done, total) => setProgress({ done, total }));
  const { payments, change, changing } = usePayments();
  const deadlines = useMemo<Deadline[] | null>(
    () => (records.data && payments ? deadlinesOf(records.data.records, payments, today) : null),
    [records.data, payments, today],
  );
  return {
    today,
    records,
    progress: records.isFetching ? progress : null,
    payments,
    change,
    changing,
    deadlines,
  };
}
