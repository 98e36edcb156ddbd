/**
 * The house look (spec 000 §6, basic tier and up: "fixed model, expression and scene"; issue 47): a
 * member's saved model, expression and scene, which every model-photo, mannequin and try-on form and
 * every batch starts from. The expression travels in the scene prompt the engines read.
 */
export const EXPRESSIONS = ['natural', 'smile', 'laugh', 'confident', 'calm', 'serious'] as const;
export type Expression = (typeof EXPRESSIONS)[number];

/** The words the engines read for each expression (appended to the scene prompt). */
export const EXPRESSION_PROMPTS: Record<Expression, string> = {
  natural: 'natural relaxed expression',
  smile: 'gentle smile',
  laugh: 'bright open laugh',
  confident: 'confident expression, direct gaze',
  calm: 'calm serene expression',
  serious: 'serious high-fashion expression',
};

/** A scene prompt with the expression's words, as the engines read it. */
export const sceneWithExpression = (scene: string | undefined, expression: Expression | null | undefined): string | undefined => {
  if (!expression) return scene;
  const words = EXPRESSION_PROMPTS[expression];
  return scene ? `${scene}, ${words}` : words;
};

/** Longest custom scene kept in a house look (the tool pages' own limit). */
export const HOUSE_LOOK_SCENE_MAX = 200;
