/** «Шаг N из M» above a flow's step (registration, recovery), said as the step changes. */
export function StepCount({ step, of }: { step: number; of: number }) {
  return (
    <p className="auth-step" aria-live="polite">
      Шаг {step} из {of}
    </p>
  );
}
