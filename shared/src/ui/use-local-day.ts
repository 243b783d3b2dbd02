import { useEffect, useState } from 'react';
import { localDayKey } from '../format/date';

/** Milliseconds from `now` to the next local midnight, and a second past it (the day has turned). */
const untilNextDay = (now: Date) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() - now.getTime() + 1000;

/**
 * Today's local day (`localDayKey`), which re-renders its component when the day turns: labels
 * such as «Сегодня» and a bare time for today's messages, computed at render, were kept past
 * midnight on a page left open overnight.
 */
export function useLocalDay(): string {
  const [today, setToday] = useState(() => localDayKey(new Date()));
  // Armed again after each firing, even one that found the same day (a timer let go early).
  const [checks, setChecks] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => {
      setToday(localDayKey(new Date()));
      setChecks((n) => n + 1);
    }, untilNextDay(new Date()));
    return () => clearTimeout(timer);
  }, [checks]);
  return today;
}
