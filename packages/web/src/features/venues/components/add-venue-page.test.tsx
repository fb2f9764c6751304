import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { venueRoutes } from '../../../testing/cloud-venues';
import { fakeCloud } from '../../../testing/fake-cloud';
import { renderCloud } from '../../../testing/render-cloud';

describe('add venue (spec 1 §2, §5)', () => {
  it('is disabled while the name is empty or another venue has it (case-insensitively), which it says at once', async () => {
    const api = fakeCloud({
      ...venueRoutes([{ venueId: 'v1', name: 'Main Hall' }]),
      'POST /venues': { status: 201, body: { venue: { venueId: 'v2', name: 'Lobby' } } },
    });
    const { user, router } = renderCloud('/venues', { cloudApi: api });
    await user.click(await screen.findByRole('link', { name: 'Add venue' }));
    const add = await screen.findByRole('button', { name: 'Add venue' });
    expect(add).toBeDisabled();
    await user.click(screen.getByLabelText('Venue name'));
    await user.paste('  main hall ');
    expect(add).toBeDisabled();
    expect(screen.getByText('venue name already exists')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Venue name'));
    await user.paste(' Lobby ');
    expect(screen.queryByText('venue name already exists')).not.toBeInTheDocument();
    await user.click(add);
    // back to the previous screen, the list reloaded
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues'));
    expect(api.callsTo('POST /venues')[0]?.body).toEqual({ venue: { name: 'Lobby' } });
    await waitFor(() => expect(api.callsTo('GET /venues')).toHaveLength(2));
  });
});
