import { z } from 'zod';
import { normalText, textRuleProblem, type TextRule } from './visible-text';

/**
 * A text field people read, by its rule (visible-text.ts): trimmed and composed (NFC), then refused
 * with the field's own message when it reads as nothing, holds what it may not, or is too long.
 * Every schema of such a field is made here, so the API, the dashboard and the player app's forms
 * (which call textRuleProblem with the same rule) refuse the same texts with the same words.
 */
export function visibleText(rule: TextRule) {
  return z
    .string(rule.required ? { error: rule.required } : undefined)
    .overwrite(normalText)
    .check((context) => {
      const problem = textRuleProblem(context.value, rule);
      if (problem) context.issues.push({ code: 'custom', message: problem, input: context.value });
    });
}
