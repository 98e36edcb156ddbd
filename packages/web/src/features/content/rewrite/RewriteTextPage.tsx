import { TextArea } from '@douyinfe/semi-ui-19';
import { REWRITE_GEN_NUM, REWRITE_INPUT_MAX } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RewriteForm, useRewriteFields } from './RewriteFields.tsx';
import { type RewriteFormProps, RewriteWorkspace, useSubmit } from './RewriteWorkspace.tsx';
import { rewriteApi } from './rewriteApi.ts';

/** /rewrite-text: pasted text rewritten for the user's product (the chat model; refused without one). */
export default function RewriteTextPage() {
  return <RewriteWorkspace kind="text" bizType="HOT_ARTICLE_REWRITE" routeId="rewriteText" tipKey="textTip" Form={TextForm} />;
}

function TextForm({ onSubmitted, engineReady }: RewriteFormProps) {
  const { t } = useTranslation('rewrite');
  const { busy, run } = useSubmit();
  const fields = useRewriteFields({ genNum: REWRITE_GEN_NUM.text });
  const [text, setText] = useState('');
  const { productInfo, marketDesc, platform, style, genNum } = fields.values;
  const submit = () => run(() => rewriteApi.submitText({ text, productInfo, marketDesc, platform, style, genNum }), onSubmitted);
  return (
    <RewriteForm
      fields={fields}
      platformStyle
      submit={{ busy, disabled: !text.trim() || !engineReady, onClick: () => void submit(), cost: 0 }}
    >
      <TextArea
        value={text}
        onChange={setText}
        maxLength={REWRITE_INPUT_MAX.article}
        rows={8}
        placeholder={t('textPlaceholder')}
        aria-label={t('textLabel')}
        data-testid="rewrite-text"
      />
    </RewriteForm>
  );
}
