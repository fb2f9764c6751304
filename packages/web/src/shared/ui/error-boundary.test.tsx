import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n';
import { ErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new Error('boom');
}

describe('generic error screen (spec 2 §2)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('replaces a screen that failed to render, with links to the amp list and Help & Feedback', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Amp list' })).toHaveAttribute('href', '/amps');
    expect(screen.getByRole('link', { name: 'Help & Feedback' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:support@rackside\.example\?subject=/),
    );
  });
});
