import { useState } from 'react';
import { errorMessage } from 'shared';

/** A section of a page over one query, as its first load stands. */
export interface LoadingSection {
  /** What it loads, in the accusative: «Не удалось загрузить {what}». */
  what: string;
  /** Its first answer is still awaited. */
  pending: boolean;
  /** Its load failed and it has nothing to show (its error state is on). */
  failed: boolean;
  error: unknown;
}

export interface FirstLoadFailures<K extends string> {
  /** The first answers are not all in: a section that failed meanwhile still shows its loading. */
  held: boolean;
  /** Whether the section's error is an alert of its own (false: the summary said it). */
  announce: (key: K) => boolean;
  /** The one alert for several sections that failed together, while they all still stand failed; else null. */
  summary: string | null;
}

const sentence = (text: string) => text.replace(/[.!?…]+$/, '');

/** «баланс», «баланс и историю операций», «баланс, историю операций и банковские реквизиты». */
function listed(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} и ${words[words.length - 1]}`;
}

/**
 * One alert when several sections of a page fail on their first load, not one each: a screen
 * reader hears three alerts in a row as one cutting off the other (an alert is assertive), with
 * the same reason three times. Decided once the first answers are all in (until then a failed
 * section shows its loading still): two failures or more are said together, with their reason
 * if it is the same, and the sections' own error states (each with its «Повторить») are shown
 * without an alert; a lone failure is its section's own alert, as before. The summary goes (for
 * good) once one of its sections is retried; a section is quiet until it has loaded, and a later
 * failure of it (another page of a list) is its own alert again.
 */
export function useFirstLoadFailures<K extends string>(sections: Record<K, LoadingSection>): FirstLoadFailures<K> {
  const [state, setState] = useState<{ quiet: K[]; summary: string | null } | null>(null);
  const keys = Object.keys(sections) as K[];
  // Set while rendering: the errors come in already quiet, never an alert taken back.
  if (state === null) {
    if (keys.every((k) => !sections[k].pending)) {
      const failed = keys.filter((k) => sections[k].failed);
      setState(failed.length > 1 ? { quiet: failed, summary: summaryOf(failed.map((k) => sections[k])) } : { quiet: [], summary: null });
    }
  } else {
    const loaded = (k: K) => !sections[k].pending && !sections[k].failed;
    const quiet = state.quiet.filter((k) => !loaded(k));
    const summary = state.summary !== null && state.quiet.every((k) => sections[k].failed) ? state.summary : null;
    if (quiet.length !== state.quiet.length || summary !== state.summary) setState({ quiet, summary });
  }
  return { held: state === null, announce: (key) => !state?.quiet.includes(key), summary: state?.summary ?? null };
}

function summaryOf(failed: LoadingSection[]): string {
  const reasons = new Set(failed.map((s) => sentence(errorMessage(s.error))));
  const reason = reasons.size === 1 ? `: ${[...reasons][0]}` : '';
  return `Не удалось загрузить ${listed(failed.map((s) => s.what))}${reason}. Повторить загрузку можно в каждом разделе.`;
}
