import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { venueRoutes } from '../../../testing/cloud-venues';
import { fakeCloud } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';
import { setViewportWidth } from '../../../testing/viewport';

const VENUES = [
  {
    venueId: 'v1',
    name: 'Arena',
    amps: [
      { id: 'a1', name: 'Bass' },
      { id: 'a2', name: 'Zone', fault: true },
      { id: 'a3', name: 'Amp', connected: false },
    ],
  },
];

const ampNames = () =>
  within(screen.getByRole('list', { name: 'Amps' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('[data-amp]')?.getAttribute('data-amp'));

describe('venue panel (spec 1 §2)', () => {
  it('lists the amps sorted by the query parameter s; offline amps are not links', async () => {
    const { user, router } = renderCloud('/venues/v1', { cloudApi: fakeCloud(venueRoutes(VENUES)) });
    expect(await screen.findByRole('heading', { name: 'Arena', level: 1 })).toBeInTheDocument();
    expect(ampNames()).toEqual(['a3', 'a1', 'a2']);
    expect(screen.getByRole('link', { name: 'Bass' })).toHaveAttribute('href', '/venues/v1/amps/a1');
    expect(screen.queryByRole('link', { name: 'Amp' })).not.toBeInTheDocument();
    expect(screen.getByText('Amp')).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('combobox', { name: 'Sort amps by' }));
    await user.click(await screen.findByRole('option', { name: 'Faults' }));
    expect(router.state.location.search).toBe('?s=faults');
    expect(ampNames()[0]).toBe('a2');
    expect(screen.getByRole('link', { name: 'Add Amp' })).toHaveAttribute('href', '/venues/v1/add');
  });

  it("opens sorted by faults from the address, and says 'Select an Amp' beside the list on wide screens", async () => {
    setViewportWidth(1280);
    renderCloud('/venues/v1?s=faults', { cloudApi: fakeCloud(venueRoutes(VENUES)) });
    expect(await screen.findByRole('heading', { name: 'Select an Amp' })).toBeInTheDocument();
    expect(ampNames()[0]).toBe('a2');
  });

  it('sends an unknown venue id to /venues', async () => {
    const { router } = renderCloud('/venues/nope', { cloudApi: fakeCloud(venueRoutes(VENUES)) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues'));
  });
});
