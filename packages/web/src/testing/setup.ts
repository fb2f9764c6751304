import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installViewport, setViewportWidth } from './viewport';

installViewport();

afterEach(() => {
  cleanup();
  localStorage.clear();
  setViewportWidth(375);
});
