import type { FieldChoice } from '../base/fields.ts';
import type { FieldMeta } from '../base/types.ts';
import { usePlugin } from './context.ts';

/**
 * Picks where one kind of value goes: an existing field of a fitting type, a new field (created
 * when the plugin writes), or, when `optional`, nowhere.
 */
export function FieldSelect(props: {
  label: string;
  fields: FieldMeta[];
  types: number[];
  value: FieldChoice;
  newName: string;
  optional?: boolean;
  testId?: string;
  onChange(choice: FieldChoice): void;
}) {
  const { t } = usePlugin();
  const fitting = props.fields.filter((f) => props.types.includes(f.type));
  const value = props.value.kind === 'existing' ? props.value.fieldId : props.value.kind === 'create' ? '__create__' : '__none__';
  return (
    <label>
      {props.label}
      <select
        data-testid={props.testId}
        value={value}
        onChange={(e) => {
          const v = e.target.value;
          props.onChange(
            v === '__create__'
              ? { kind: 'create', name: props.newName }
              : v === '__none__'
                ? { kind: 'none' }
                : { kind: 'existing', fieldId: v },
          );
        }}
      >
        {fitting.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
        {!fitting.some((f) => f.name === props.newName) && (
          <option value="__create__">{t('fields.create', { name: props.newName })}</option>
        )}
        {props.optional && <option value="__none__">{t('fields.none')}</option>}
      </select>
    </label>
  );
}
