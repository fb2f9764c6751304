import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInProviders } from '../../../testing/render-in-providers';
import { ReleaseNotes } from './release-notes';

const renderNotes = (notes: string) => {
  const { container } = renderInProviders(<ReleaseNotes notes={notes} />);
  return container;
};

const FORMATTED = [
  '# 1.7.0.0',
  '',
  'Fixes a **hum** on *bridged* channels.',
  '',
  '## Changes',
  '',
  '- Faster boot',
  '- Quieter fans',
  '',
  '1. Update the power supply',
  '2. Then the amp boards',
  '',
  'See [the changelog](https://example.com/changelog) or write to <support@example.com>.',
].join('\n');

/** Every way these notes try to put script, an element of their own or a javascript: link into the page. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '',
  '<img src=x onerror=alert(2)>',
  '',
  '[x](javascript:alert(3))',
  '',
  '[y](JaVaScRiPt:alert(4)) [z](jav&#x61;script:alert(5)) <javascript:alert(6)>',
  '',
  '[d](data:text/html;base64,PHNjcmlwdD5hbGVydCg3KTwvc2NyaXB0Pg==) [r](/api/auth/logout)',
  '',
  '[ref][1]',
  '',
  '![pixel](https://tracker.example.com/p.png)',
  '',
  '<a href="javascript:alert(8)" onclick="alert(9)">a</a>',
  '',
  '[1]: javascript:alert(10)',
].join('\n');

describe('release notes (issue 14: markdown rendered safely)', () => {
  it('renders headings below the page and family headings, lists, emphasis and links', () => {
    const notes = renderNotes(FORMATTED);
    expect(screen.getByRole('heading', { level: 3, name: '1.7.0.0' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 4, name: 'Changes' })).toBeVisible();
    expect(notes.querySelector('strong')).toHaveTextContent('hum');
    expect(notes.querySelector('em')).toHaveTextContent('bridged');
    const [bullets, steps] = screen.getAllByRole('list') as [HTMLElement, HTMLElement];
    expect(bullets.tagName).toBe('UL');
    expect(
      within(bullets)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Faster boot', 'Quieter fans']);
    expect(steps.tagName).toBe('OL');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(2);
    const changelog = screen.getByRole('link', { name: 'the changelog' });
    expect(changelog).toHaveAttribute('href', 'https://example.com/changelog');
    expect(changelog).toHaveAttribute('target', '_blank');
    expect(changelog).toHaveAttribute('rel', 'noopener noreferrer');
    const mail = screen.getByRole('link', { name: 'support@example.com' });
    expect(mail).toHaveAttribute('href', 'mailto:support@example.com');
    expect(mail).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('starts the headings at h3 whatever level the notes start at', () => {
    renderNotes('## 1.6.0.0\n\n### Fixes\n\n###### Deep');
    expect(screen.getAllByRole('heading').map((h) => [h.tagName, h.textContent])).toEqual([
      ['H3', '1.6.0.0'],
      ['H4', 'Fixes'],
      ['H6', 'Deep'],
    ]);
  });

  it('neutralises HTML, javascript: and other unsafe links: no script, no img, no handler, only web and mail links', () => {
    const notes = renderNotes(HOSTILE);
    expect(notes.querySelector('script')).toBeNull();
    expect(notes.querySelector('img')).toBeNull();
    for (const el of notes.querySelectorAll('*')) {
      expect([...el.attributes].map((a) => a.name).filter((n) => n.startsWith('on'))).toEqual([]);
      expect(el.getAttribute('src')).toBeNull();
    }
    // the one link left is the image's, as a link a reader may follow (nothing is fetched when the notes show)
    expect([...notes.querySelectorAll('[href]')].map((a) => a.getAttribute('href'))).toEqual([
      'https://tracker.example.com/p.png',
    ]);
    // written HTML shows as the text it was written as
    expect(screen.getByText('<script>alert(1)</script>')).toBeVisible();
    expect(screen.getByText('<img src=x onerror=alert(2)>')).toBeVisible();
    expect(notes).toHaveTextContent('[x](javascript:alert(3))');
  });

  it('keeps a safe link beside an unsafe one', () => {
    renderNotes('[bad](javascript:alert(1)) and [good](http://example.com/a?b=1)');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'good' })).toHaveAttribute('href', 'http://example.com/a?b=1');
    expect(screen.getByText(/\[bad\]\(javascript:alert\(1\)\) and/)).toBeVisible();
  });
});
