/**
 * The organisation the console acts in, and what the role there may do (issue 21). The personal organisation (none
 * chosen) is the account's own, where it is the owner and may do everything: no request is needed to know that, so
 * screens of a personal account never wait for GET /orgs.
 */
import { permissionsOf, type Organisation, type OrgRole, type Permission } from '@rackside/protocol';
import { useCallback, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { cloudApi } from './cloud-api';
import { useMembersTextLater } from './org-i18n';
import { organisationChosen, selectChosenOrganisationId } from './org-slice';
import { useGetOrganisationsQuery } from './orgs-api';
import { selectCloudUser } from './session-slice';

const OWNER_PERMISSIONS: readonly Permission[] = permissionsOf('owner');

/**
 * The account's own organisation (acted in without the header). GET /orgs answers `personal` for an owner's personal
 * organisation whoever asks, so the account's own is the personal one it owns.
 */
export const isOwnOrganisation = (o: Pick<Organisation, 'personal' | 'role'>): boolean =>
  o.personal && o.role === 'owner';

export interface CurrentOrganisation {
  /** The chosen organisation's id, or null for the personal one. */
  readonly chosenId: string | null;
  /** Every organisation of the account (empty until GET /orgs answered). */
  readonly organisations: readonly Organisation[];
  /** The organisation acted in (undefined while a chosen one is not known yet; the personal one once loaded). */
  readonly current: Organisation | undefined;
  /** The role there (owner in the personal organisation); undefined while not known. */
  readonly role: OrgRole | undefined;
  /** What the role may do; empty while not known. */
  readonly permissions: readonly Permission[];
}

/** The organisation acted in; `load` asks GET /orgs even for the personal organisation (the switcher). */
export function useCurrentOrganisation({ load = false }: { load?: boolean } = {}): CurrentOrganisation {
  const chosenId = useSelector(selectChosenOrganisationId);
  const user = useSelector(selectCloudUser);
  const dispatch = useDispatch();
  const { data } = useGetOrganisationsQuery(undefined, { skip: user === null || (chosenId === null && !load) });
  const organisations = data?.organisations ?? [];
  const chosen = chosenId === null ? undefined : organisations.find((o) => o.organisationId === chosenId);
  // the account left the organisation (or was removed): back to the personal one
  const gone = chosenId !== null && data !== undefined && chosen === undefined;
  useEffect(() => {
    if (gone && user) {
      dispatch(organisationChosen({ username: user.username, organisationId: null }));
      dispatch(cloudApi.util.resetApiState());
    }
  }, [gone, user, dispatch]);
  if (chosenId === null) {
    const personal = organisations.find(isOwnOrganisation);
    return { chosenId, organisations, current: personal, role: 'owner', permissions: OWNER_PERMISSIONS };
  }
  return {
    chosenId,
    organisations,
    current: chosen,
    role: chosen?.role,
    permissions: chosen?.permissions ?? [],
  };
}

/**
 * Switches the organisation the console acts in: the choice is remembered, and the whole cloud cache is dropped so
 * that nothing of the previous organisation stays on screen.
 */
export function useChooseOrganisation(): (
  organisation: Pick<Organisation, 'organisationId' | 'personal' | 'role'>,
) => void {
  const dispatch = useDispatch();
  const user = useSelector(selectCloudUser);
  return useCallback(
    (organisation) => {
      if (!user) return;
      const organisationId = isOwnOrganisation(organisation) ? null : organisation.organisationId;
      dispatch(organisationChosen({ username: user.username, organisationId }));
      dispatch(cloudApi.util.resetApiState());
    },
    [dispatch, user],
  );
}

export interface PermissionState {
  readonly allowed: boolean;
  /** Why not (the role named), for a disabled control's visible text; empty when allowed or not known yet. */
  readonly reason: string;
}

/** Whether the role in the current organisation holds the permission, and if not, why (issue 21). */
export function usePermission(permission: Permission): PermissionState {
  const { t } = useMembersTextLater();
  const { role, permissions } = useCurrentOrganisation();
  if (permissions.includes(permission)) return { allowed: true, reason: '' };
  if (role === undefined) return { allowed: false, reason: '' };
  return { allowed: false, reason: t(`denied.${permission}`, { role: t(`roles.${role}`) }) };
}
