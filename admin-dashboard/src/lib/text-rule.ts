import { textRuleProblem, type TextRule } from '@kort/contracts';

/**
 * A react-admin validator for a text people read, by its rule in @kort/contracts (visible-text.ts):
 * the API's own Russian words under the field, before the call the API would refuse.
 */
export const textRule =
  (rule: TextRule) =>
  (value: unknown): string | undefined => {
    if (typeof value !== 'string') return rule.optional ? undefined : rule.required;
    return textRuleProblem(value, rule) ?? undefined;
  };
