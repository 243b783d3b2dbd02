import { Button } from 'shared';

/**
 * «Сохранить» of a profile form. With nothing to save (the form untouched, or just saved) it is
 * unavailable, as aria-disabled rather than `disabled`, and a press (Enter in a field comes as one
 * too) submits nothing: the save itself makes it so under the focus of a keyboard user, and the
 * browser drops a disabled button's focus to <body>. This one keeps it, and a screen reader hears
 * it unavailable. Saving, it waits as any Button (`loading`).
 */
export function SaveButton({ dirty, saving }: { dirty: boolean; saving: boolean }) {
  return (
    <Button
      type="submit"
      loading={saving}
      aria-disabled={dirty ? undefined : true}
      onClick={(event) => {
        if (!dirty) event.preventDefault();
      }}
    >
      Сохранить
    </Button>
  );
}
