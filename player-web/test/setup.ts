import { configure } from '@testing-library/react';

// findBy and waitFor look until the condition holds: 5 s rather than 1 before they give up, for a CI
// machine running at a third of its speed (an idle one finds these in tens of milliseconds).
configure({ asyncUtilTimeout: 5000 });
