/** The form's own error (the server's message): announced at once, placed above the fields. */
export function FormAlert({ message }: { message?: string | undefined }) {
  if (!message) return null;
  return (
    <div className="ui-form-alert" role="alert">
      {message}
    </div>
  );
}
