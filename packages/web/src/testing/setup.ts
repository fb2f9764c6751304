import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installViewport, setViewportWidth } from './viewport';

installViewport();
// a screen's lazy chunk is transformed on its first import in a test file: give findBy* time for that
configure({ asyncUtilTimeout: 10_000 }); // generous: CI machines are shared and slow

afterEach(() => {
  cleanup();
  localStorage.clear();
  setViewportWidth(375);
});
