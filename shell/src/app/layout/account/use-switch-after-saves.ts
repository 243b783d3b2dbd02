import { useRef } from 'react';
import { useSwitchProfile, type SessionProfile } from 'shared';

/**
 * The header's profile switch (its switcher, a notice of another profile): a form's edits waiting
 * for its autosave's pause (a draft) are saved first, as the profile they were typed for (QA UU-4):
 * sent after the switch they would be refused as another profile's. A switch that leads to another
 * page (`leaving`: a notice's link) first asks about the edits a form on screen could not save, as
 * leaving its page does, before anything changes (QA YY-2: switched, then asked, and «Отмена» left
 * the page under the other profile). `shared/lk` is loaded once such a form is on screen; offline
 * with none ever opened, its chunk can't load: then there is nothing to save (as «Выйти»,
 * account-fallback). While the saves go, a second choice is not taken. Resolves whether it switched;
 * a switch that fails after «Уйти без сохранения» guards the edits on screen again.
 */
export function useSwitchAfterSaves() {
  const { switchTo, pending, switchingTo } = useSwitchProfile();
  const flushing = useRef(false);
  const switchAfterSaves = async (profile: Pick<SessionProfile, 'id'>, after?: () => void, leaving = false): Promise<boolean> => {
    if (pending || flushing.current) return false;
    flushing.current = true;
    let go = true;
    const lk = await import('shared/lk').catch(() => null);
    try {
      if (leaving) go = lk ? await lk.askBeforeLeaving() : true;
      else await lk?.flushPendingSaves();
    } finally {
      flushing.current = false;
    }
    if (!go) return false;
    const switched = await switchTo(profile, after);
    // Asked and let go, but still here as the profile the edits were typed for: guarded again.
    if (!switched && leaving) lk?.stayAfterAll();
    return switched;
  };
  return { switchTo: switchAfterSaves, pending, switchingTo };
}
