import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { MEMBER_ROLES, type Member, type MemberRole } from '@rackside/protocol';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useMembersText } from '../../../shared/cloud/org-i18n';
import { OrganisationRoleLine } from '../../../shared/cloud/organisation-role-line';
import { selectCloudUser } from '../../../shared/cloud/session-slice';
import { usePermission } from '../../../shared/cloud/use-organisation';
import {
  useGetInvitationsQuery,
  useGetMembersQuery,
  useGetOrgVenuesQuery,
  useRemoveMemberMutation,
  useSetMemberRoleMutation,
  useWithdrawInvitationMutation,
} from '../api/members-api';
import { membersErrorKey } from '../members-errors';
import { useGrantsText } from '../grants-i18n';
import { GrantsSection } from './grants-section';
import { InviteForm } from './invite-form';
import { TwoFactorRequirement } from './two-factor-requirement';
import { VenuePicker } from './venue-picker';

type Feedback = { severity: 'success' | 'error'; text: string } | null;

/**
 * /members (issue 21): the members of the organisation acted in with their roles; with member.manage a role select
 * (never for the owner), Remove with a confirmation, the pending invitations with Withdraw, and the invite form.
 */
export function MembersPage() {
  const { t } = useMembersText();
  const me = useSelector(selectCloudUser);
  const { t: tg } = useGrantsText();
  const manage = usePermission('member.manage');
  const grantManage = usePermission('grant.manage');
  const security = usePermission('org.security');
  const members = useGetMembersQuery();
  const venues = useGetOrgVenuesQuery(undefined, { skip: !manage.allowed });
  const invitations = useGetInvitationsQuery(undefined, { skip: !manage.allowed });
  const [setRole] = useSetMemberRoleMutation();
  const [removeMember, removing] = useRemoveMemberMutation();
  const [withdraw] = useWithdrawInvitationMutation();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [toRemove, setToRemove] = useState<Member | null>(null);

  const failed = (error: unknown) => setFeedback({ severity: 'error', text: t(membersErrorKey(error)) });
  const changeRole = async (member: Member, role: MemberRole) => {
    const result = await setRole({ userId: member.userId, role });
    if (result.error) failed(result.error);
    else
      setFeedback({
        severity: 'success',
        text: t('page.roleChanged', { email: member.email, role: t(`roles.${role}`) }),
      });
  };
  const changeVenues = async (member: Member, venueIds: string[] | null) => {
    const result = await setRole({ userId: member.userId, role: member.role as MemberRole, venueIds });
    if (result.error) failed(result.error);
    else {
      const names = venueIds?.map((id) => venues.data?.find((v) => v.venueId === id)?.name ?? id).join(', ');
      setFeedback({
        severity: 'success',
        text: tg('venues.changed', { email: member.email, venues: names ?? tg('venues.all') }),
      });
    }
  };
  const confirmRemove = async () => {
    if (!toRemove) return;
    const result = await removeMember({ userId: toRemove.userId });
    if (result.error) failed(result.error);
    else setFeedback({ severity: 'success', text: t('page.removed', { email: toRemove.email }) });
    setToRemove(null);
  };

  let list;
  if (members.isLoading) list = <LinearProgress aria-label={t('page.loading')} />;
  else if (members.isError) list = <Alert severity="error">{t('page.loadFailed')}</Alert>;
  else
    list = (
      <List aria-label={t('page.members')} disablePadding>
        {(members.data ?? []).map((member) => {
          const editable = manage.allowed && member.role !== 'owner';
          const mine = member.email.toLowerCase() === me?.email.toLowerCase();
          return (
            <ListItem key={member.userId} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                primary={mine ? `${member.email} ${t('page.you')}` : member.email}
                secondary={editable ? undefined : t(`roles.${member.role}`)}
                sx={{ minWidth: 200 }}
              />
              {editable ? (
                <>
                  <TextField
                    select
                    size="small"
                    label={t('page.roleOf', { email: member.email })}
                    value={member.role}
                    onChange={(e) => void changeRole(member, e.target.value as MemberRole)}
                    sx={{ minWidth: 160 }}
                  >
                    {MEMBER_ROLES.map((role) => (
                      <MenuItem key={role} value={role}>
                        {t(`roles.${role}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                  <VenuePicker
                    allowAll
                    size="small"
                    label={tg('venues.of', { email: member.email })}
                    venues={venues.data ?? []}
                    value={member.venueIds}
                    onChange={(ids) => void changeVenues(member, ids)}
                  />
                  <Button color="error" onClick={() => setToRemove(member)}>
                    {t('page.remove', { email: member.email })}
                  </Button>
                </>
              ) : null}
            </ListItem>
          );
        })}
      </List>
    );

  return (
    <Box sx={{ p: 2, maxWidth: 760, mx: 'auto', width: '100%' }}>
      <Stack spacing={2}>
        <Box>
          <Typography variant="h5" component="h1">
            {t('page.title')}
          </Typography>
          <OrganisationRoleLine />
        </Box>
        {feedback ? (
          <Alert
            severity={feedback.severity}
            role={feedback.severity === 'error' ? 'alert' : 'status'}
            onClose={() => setFeedback(null)}
          >
            {feedback.text}
          </Alert>
        ) : null}
        <section aria-labelledby="members-list-title">
          <Typography id="members-list-title" variant="h6" component="h2">
            {t('page.members')}
          </Typography>
          {list}
        </section>
        {manage.allowed ? (
          <>
            <section aria-labelledby="invitations-title">
              <Typography id="invitations-title" variant="h6" component="h2">
                {t('page.invitations')}
              </Typography>
              {invitations.data && invitations.data.length > 0 ? (
                <List aria-label={t('page.invitations')} disablePadding>
                  {invitations.data.map((invitation) => (
                    <ListItem key={invitation.invitationId} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                      <ListItemText
                        primary={invitation.email}
                        secondary={t('page.invitedAs', {
                          role: t(`roles.${invitation.role}`),
                          date: new Date(invitation.expiresAt).toLocaleDateString(),
                        })}
                      />
                      <Button
                        onClick={() =>
                          void withdraw({ invitationId: invitation.invitationId }).then((result) => {
                            if (result.error) failed(result.error);
                            else
                              setFeedback({
                                severity: 'success',
                                text: t('page.withdrawn', { email: invitation.email }),
                              });
                          })
                        }
                      >
                        {t('page.withdraw', { email: invitation.email })}
                      </Button>
                    </ListItem>
                  ))}
                </List>
              ) : (
                <Typography color="textSecondary">{t('page.noInvitations')}</Typography>
              )}
            </section>
            <InviteForm
              venues={venues.data ?? []}
              onSent={(email) => setFeedback({ severity: 'success', text: t('invite.sent', { email }) })}
            />
          </>
        ) : (
          <Typography color="textSecondary">{manage.reason}</Typography>
        )}
        {security.allowed ? <TwoFactorRequirement /> : null}
        {grantManage.allowed ? <GrantsSection /> : null}
      </Stack>
      <Dialog open={toRemove !== null} onClose={() => setToRemove(null)} aria-labelledby="remove-member-title">
        <DialogTitle id="remove-member-title">{t('removeDialog.title', { email: toRemove?.email ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('removeDialog.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToRemove(null)}>{t('removeDialog.cancel')}</Button>
          <Button color="error" variant="contained" loading={removing.isLoading} onClick={() => void confirmRemove()}>
            {t('removeDialog.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
