import { Button, Typography } from '@douyinfe/semi-ui-19';
import { EXPRESSIONS, type Expression } from '@productimage/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusyAction } from '../../../shared/useAction.ts';
import { useSession } from '../../identity/accounts/session.ts';
import { OptionGroup } from '../tools/common/OptionGroup.tsx';
import { type ChosenModel, HOUSE_LOOK_KEY, type HouseLook, modelLibraryApi } from './modelLibraryApi.ts';

/**
 * The house look (issue 47; spec 000 §6 basic and up: "fixed model, expression and scene"): what a
 * member saved from a model tool, and what every model tool and batch starts from.
 */
export function useHouseLook() {
  const { current } = useSession();
  return useQuery({
    queryKey: [...HOUSE_LOOK_KEY, current?.user.id ?? null],
    queryFn: modelLibraryApi.houseLook,
    enabled: !!current,
    staleTime: 60_000,
  });
}

/** The house look as a form's starting point: its model as a task input of the caller's own, and the rest. */
export interface HouseLookStart {
  model: ChosenModel | null;
  expression: Expression | null;
  sceneId: string | null;
  customScene: string;
}

async function startOf(look: HouseLook): Promise<HouseLookStart> {
  const model = look.model
    ? await modelLibraryApi
        .use(look.model.modelId)
        .then(({ url, name }) => ({ id: look.model?.modelId, name, url, preview: look.model?.pictureUrl ?? url }))
        .catch(() => null)
    : null;
  return { model, expression: look.expression, sceneId: look.sceneId, customScene: look.customScene };
}

/** Calls `apply` once with the saved house look (when there is one) as the page first opens. */
export function useApplyHouseLook(apply: (start: HouseLookStart) => void, enabled = true) {
  const look = useHouseLook();
  const applied = useRef(false);
  const latest = useRef(apply);
  latest.current = apply;
  useEffect(() => {
    if (!enabled || applied.current || !look.data) return;
    applied.current = true;
    let live = true;
    void startOf(look.data).then((start) => {
      if (live) latest.current(start);
    });
    return () => {
      live = false;
    };
  }, [look.data, enabled]);
}

export function ExpressionPicker({
  value,
  onChange,
  disabled,
}: {
  value: Expression | null;
  onChange(value: Expression | null): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('generation');
  return (
    <OptionGroup<Expression | 'none'>
      label={t('expression')}
      value={value ?? 'none'}
      onChange={(v) => onChange(v === 'none' ? null : v)}
      disabled={disabled}
      testId="expressions"
      options={[
        { value: 'none', label: t('expressionNone'), testId: 'expression-none' },
        ...EXPRESSIONS.map((e) => ({ value: e, label: t(`expression_${e}`), testId: `expression-${e}` })),
      ]}
    />
  );
}

/** "Save as my house look": this form's model, expression and scene (paid members; the server says so otherwise). */
export function SaveHouseLook({ look, disabled }: { look: HouseLookStart; disabled?: boolean }) {
  const { t } = useTranslation('generation');
  const client = useQueryClient();
  const { busy, run } = useBusyAction();
  const saved = useHouseLook().data;
  const save = () =>
    run(async () => {
      await modelLibraryApi.saveHouseLook({
        modelId: look.model?.id ?? null,
        expression: look.expression,
        sceneId: look.customScene.trim() ? null : look.sceneId,
        customScene: look.customScene.trim(),
      });
      await client.invalidateQueries({ queryKey: HOUSE_LOOK_KEY });
    }, t('houseLookSaved'));
  return (
    <div className="house-look" data-testid="house-look">
      <Button onClick={save} loading={busy} disabled={disabled} data-testid="house-look-save">
        {t('houseLookSave')}
      </Button>
      {saved ? (
        <Typography.Text type="tertiary" size="small" data-testid="house-look-saved">
          {t('houseLookCurrent', { model: saved.model?.name ?? t('houseLookNoModel') })}
        </Typography.Text>
      ) : null}
    </div>
  );
}
