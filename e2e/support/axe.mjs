// Accessibility checks for the browser journeys: axe-core's WCAG 2 A and AA rules on a page as it is.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical WCAG 2 A/AA violations on the page now, as short lines
 * ('color-contrast: .toast span'); an empty list when there are none. While a modal dialog is
 * open, the page behind its backdrop is inert (hidden from assistive technology, dimmed on
 * purpose): the dialog is what is judged.
 */
export async function accessibilityProblems(page) {
  // Evaluated through the DevTools protocol, as a tester's console would: a <script> tag would be
  // (rightly) refused by the product's Content Security Policy.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const modal = document.querySelector('[aria-modal="true"], dialog:modal');
    // eslint-disable-next-line no-undef
    const result = await axe.run(modal ?? document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] },
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
  return violations;
}
