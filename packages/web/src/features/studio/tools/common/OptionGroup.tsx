import { Typography } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';

interface Props<T extends string | number> {
  label: ReactNode;
  value: T;
  options: readonly { value: T; label: ReactNode; testId?: string }[];
  onChange: (value: T) => void;
  disabled?: boolean;
  testId?: string;
}

/** A labelled row of choice chips (ratio, count, fps...): every option visible, one selected. */
export function OptionGroup<T extends string | number>({ label, value, options, onChange, disabled, testId }: Props<T>) {
  return (
    <fieldset className="option-group" disabled={disabled} data-testid={testId}>
      <legend>
        <Typography.Text strong>{label}</Typography.Text>
      </legend>
      <div className="option-chips">
        {options.map((option) => (
          <button
            type="button"
            aria-pressed={option.value === value}
            key={String(option.value)}
            className={`option-chip${option.value === value ? ' selected' : ''}`}
            onClick={() => onChange(option.value)}
            data-testid={option.testId}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
