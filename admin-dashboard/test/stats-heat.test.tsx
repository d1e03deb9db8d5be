import { contrastRatio, heatColour, luminance } from '../src/resources/stats/stats-format';

// The occupancy heatmap's colours: an empty hour light, a full one dark, and the percentage
// printed in every cell readable (WCAG 2 AA for text, 4.5:1) whatever its share.

const shares = Array.from({ length: 101 }, (_, percent) => percent / 100);

test('the contrast formula is WCAG 2’s', () => {
  expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  // The theme's warning orange on white, as WebAIM's checker gives it.
  expect(contrastRatio('#b45309', '#fff')).toBeCloseTo(5.02, 1);
});

test('an empty hour is light, a full one dark, and each step darker than the last', () => {
  expect(luminance(heatColour(0).background)).toBeGreaterThan(0.9);
  expect(luminance(heatColour(1).background)).toBeLessThan(0.05);
  const lightness = shares.map((share) => luminance(heatColour(share).background));
  for (let i = 1; i < lightness.length; i += 1) expect(lightness[i]).toBeLessThanOrEqual(lightness[i - 1]!);
});

test.each(shares)('the text of a %s share stands out at least 4.5:1', (share) => {
  const { background, text } = heatColour(share);
  expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5);
});
