import { useState } from 'react';
import { LeaveUnsavedDialog, useUnsavedChangesGuard } from 'shared/lk';

/** A cabinet form («Имя») that asks before its unsaved edits are left, as the remotes' forms do. */
export function GuardedForm() {
  const [text, setText] = useState('');
  const { blocker } = useUnsavedChangesGuard(text !== '');
  return (
    <>
      <h1>Профиль</h1>
      <label>
        Имя
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <LeaveUnsavedDialog blocker={blocker} description="Изменения профиля не сохранены и пропадут, если уйти со страницы." />
    </>
  );
}
