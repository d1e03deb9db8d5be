/**
 * Kort's mark for the door display, which runs on the Pi without the web apps: the same files as
 * player-web/public/favicon.svg and favicon.ico (scripts/brand.test.mjs keeps them equal).
 */
export const KORT_MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="#0f5132"/><g fill="none" stroke="#fff" stroke-width="30" stroke-linejoin="round"><rect x="104" y="150" width="304" height="232" rx="18"/><path d="M256 120v292"/></g><circle cx="178" cy="266" r="40" fill="#d4f04c"/></svg>';

/** favicon.ico (48×48), so the kiosk browser's request for it is not a 404. */
export const FAVICON_ICO = Buffer.from(
  'AAABAAEAMDAAAAEACAAjAgAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAAwAAAAMAgGAAAAVwL5hwAAAAlwSFlzAAAD6AAAA+gBtXtSawAAAdVJREFUaIHtmiFPw0AUx48Mu91nuQsJArEMy5FsosFhpjAQDAJJZhoSPkAN2Km5GcwMZqaGrGZiBkGCQG1zR17Xa45tZVfStX3NveSfNG0u+//evbtk746Iq1uCWSTxQ7N52Giz83qbvdAOC2iHy3zFAvht8ABeUgHAoGJM80QY8LQTgBBy0Gizh+IN860Cb+AxEaDM5qkGsRVgVTbFG6RmEHE5xQu2XDXPd4gFamGjyz5dm4UQYLVVFm+KphB4jgFwlQ+PxAINoGgz/F/aO8Dp3WUolADdp3upAp4LB3D7nvSnEzn7/DCWijRj/OnEGNgYAMznHW7fyw5AZXO+XIQZMtH6DJiOmy8X8ZjMAFQMx6O9r4HheBSPswDUzsAqbAl19rSILx5PZG/QCgXPqBZxb9CS79/il+AdCoCj6+MN80rwrfQAN8/NRAD4ZgHyKCH/62wj+/AORQnRaAfSIeBZ34lKD0CjmQDTIJV5VAD0D1kAaWeA2xIqzSKeaX8P8wp/OskOQN9R8oquwaylaqtAgwo6BYO3VyNBBvVsmo5z+55xM6xKjS2Gu7lbx95eb2A/4CCOU0N9xCSwH/KJKhyziiocdAvsVw1EWS97OE4t1WUPTPoBFQawKWPd7Z0AAAAASUVORK5CYII=',
  'base64',
);
