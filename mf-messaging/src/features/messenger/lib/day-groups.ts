import { formatDayLabel, localDayKey } from 'shared';
import { type Message } from 'shared/lk';

export interface DayGroup {
  /** `YYYY-MM-DD` of the reader's day. */
  key: string;
  /** «Сегодня», «Вчера», «20 ноября». */
  label: string;
  messages: Message[];
}

/** Messages (oldest first) under the day separators a reader expects. */
export function groupByDay(messages: readonly Message[], now: Date = new Date()): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const message of messages) {
    const key = localDayKey(message.createdAt);
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.messages.push(message);
    else groups.push({ key, label: formatDayLabel(message.createdAt, now), messages: [message] });
  }
  return groups;
}
