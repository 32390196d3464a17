import { json, when } from '../format';
import type { TraceStep } from '../trace-types';

/** Every step of a payment in time order: where it happened, what kind of step, one line, and its detail. */
export function Timeline({ steps }: { steps: TraceStep[] }) {
  if (steps.length === 0) return <p>No steps recorded.</p>;
  return (
    <ol class="timeline" aria-label="Timeline">
      {steps.map((step, index) => (
        <li key={index} class={`step step-${step.kind}`}>
          <div class="step-head">
            <time dateTime={step.at}>{when(step.at)}</time>
            <span class="tag">{step.service}</span>
            <span class="tag kind">{step.kind}</span>
          </div>
          <p class="step-title">{step.title}</p>
          {Object.keys(step.detail ?? {}).length > 0 && (
            <details>
              <summary>Detail</summary>
              <pre>{json(step.detail)}</pre>
            </details>
          )}
        </li>
      ))}
    </ol>
  );
}
