import { Button, Input, TextArea, Typography } from '@douyinfe/semi-ui-19';
import { type ApiBody, LEAD_DESCRIPTION_MAX, LEAD_FIELD_MAX, type LeadType, leadSchema } from '@productimage/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api.ts';
import { FormField } from '../../app/shell/FormField.tsx';
import { channel } from '../../identity/accounts/channel.ts';
import './leads.css';

type LeadBody = ApiBody<'post', '/api/leads'>;
type Field = 'name' | 'phone' | 'companyName' | 'address' | 'email' | 'description';
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', phone: '', companyName: '', address: '', email: '', description: '' };

/**
 * Which fields each enquiry shows and which must be filled before submitting (spec 000 §4, §5):
 * HOT hides the phone, MODI and the desktop custom-model form require it, the mobile consultant
 * form asks only name, company, phone and needs.
 */
const LAYOUT: Record<LeadType, { fields: Field[]; required: Field[] }> = {
  custom_model: {
    fields: ['name', 'phone', 'companyName', 'address', 'email', 'description'],
    required: ['name', 'phone', 'companyName'],
  },
  MODI: {
    fields: ['name', 'phone', 'companyName', 'address', 'email', 'description'],
    required: ['name', 'companyName', 'phone'],
  },
  HOT: { fields: ['name', 'companyName', 'address', 'email', 'description'], required: ['name', 'companyName'] },
  consultant: { fields: ['name', 'companyName', 'phone', 'description'], required: ['name', 'companyName'] },
};

/** Submits an enquiry; the consultant form sends a dash for what it does not ask (spec 000 §3). */
export function toLeadPayload(type: LeadType, values: Values, webSource: string): LeadBody {
  const payload: LeadBody = { type, webSource, ...values };
  // An anonymous enquiry belongs to the tenant of the referrer that brought the visitor.
  if (channel.referrer) payload.referrer = channel.referrer;
  if (type === 'consultant') {
    payload.phone = values.phone.trim() || '-';
    payload.email = '-';
    payload.address = '-';
  }
  return payload;
}

/** The enquiry form shared by the custom-model modal, the enterprise-service button and the mobile consultant. */
export function LeadForm({ type, webSource, onSubmitted }: { type: LeadType; webSource: string; onSubmitted(): void }) {
  const { t } = useTranslation(['leads', 'validation', 'common']);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const layout = LAYOUT[type];

  const submit = useMutation({
    mutationFn: (payload: LeadBody) => api.POST('/api/leads', { body: payload }),
    onSuccess: () => {
      setValues(EMPTY);
      onSubmitted();
    },
  });

  const onSubmit = () => {
    const payload = toLeadPayload(type, values, webSource);
    const parsed = leadSchema.safeParse(payload);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (layout.fields.includes(field)) next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    submit.mutate(payload);
  };

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const ready = layout.required.every((f) => values[f].trim() !== '');

  return (
    <div className="lead-form" data-testid="lead-form" data-type={type}>
      {layout.fields.map((field) => (
        <FormField
          key={field}
          required={layout.required.includes(field)}
          label={t(`field_${type === 'custom_model' && field === 'address' ? 'jobTitle' : field}`)}
          issue={errors[field]}
          issueTestId={`lead-error-${field}`}
        >
          {(id) =>
            field === 'description' ? (
              <TextArea
                id={id}
                value={values.description}
                maxCount={LEAD_DESCRIPTION_MAX}
                maxLength={LEAD_DESCRIPTION_MAX}
                rows={3}
                placeholder={t('placeholder_description')}
                onChange={set('description')}
                data-testid="lead-description"
              />
            ) : (
              <Input
                id={id}
                value={values[field]}
                maxLength={LEAD_FIELD_MAX}
                placeholder={t(`placeholder_${field}`)}
                onChange={set(field)}
                validateStatus={errors[field] ? 'error' : 'default'}
                data-testid={`lead-${field}`}
              />
            )
          }
        </FormField>
      ))}
      {submit.isError && (
        <Typography.Text type="danger" data-testid="lead-submit-error">
          {(submit.error as Error).message || t('failed')}
        </Typography.Text>
      )}
      <Button theme="solid" block disabled={!ready} loading={submit.isPending} onClick={onSubmit} data-testid="lead-submit">
        {t('common:submit')}
      </Button>
    </div>
  );
}
