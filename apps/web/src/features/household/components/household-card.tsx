import GroupRounded from '@mui/icons-material/GroupRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  USER_TOAST_MS,
  householdMessages,
  type HouseholdMember,
} from '@platewise/shared';
import { useState, type FormEvent } from 'react';

import { isApiQueryError, serverTextOr } from '../../../lib/api';
import { notify } from '../../../lib/notifications';
import {
  useCancelHouseholdInvitationMutation,
  useGetHouseholdQuery,
  useInviteToHouseholdMutation,
  useRemoveHouseholdMemberMutation,
  useTransferHouseholdMutation,
  useUpdateHouseholdMutation,
} from '../household-api';

const dateFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

function fullName(member: HouseholdMember): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ');
}

function failed(error: unknown, fallback: string) {
  notify(isApiQueryError(error) ? serverTextOr(error, fallback) : fallback, {
    severity: 'error',
    durationMs: USER_TOAST_MS,
  });
}

function done(message: string) {
  notify(message, { severity: 'success', durationMs: USER_TOAST_MS });
}

/**
 * Household (issue 18): who shares the plan and the shopping list; the
 * owner invites by e-mail, removes members and hands the household over; a
 * member leaves. Everyone's settings are combined when the plan is made.
 */
export function HouseholdCard({ userId }: { userId: string }) {
  const { data, isError, isLoading } = useGetHouseholdQuery(undefined);
  const [invite, inviting] = useInviteToHouseholdMutation();
  const [cancel, cancelling] = useCancelHouseholdInvitationMutation();
  const [remove, removing] = useRemoveHouseholdMemberMutation();
  const [transfer, transferring] = useTransferHouseholdMutation();
  const [update, updating] = useUpdateHouseholdMutation();
  const [email, setEmail] = useState('');
  const [servingDraft, setServingDraft] = useState<string | null>(null);
  const isOwner = data?.role === 'owner';
  const shared = (data?.members.length ?? 0) > 1;
  const busy = removing.isLoading || transferring.isLoading;

  const onInvite = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await invite({ email: email.trim() }).unwrap();
      setEmail('');
      notify(answer.message, {
        severity: answer.delivery === 'failed' ? 'error' : 'success',
        durationMs: USER_TOAST_MS,
      });
    } catch (error) {
      failed(error, 'The invitation could not be sent.');
    }
  };

  const onResend = async (address: string) => {
    try {
      const answer = await invite({ email: address }).unwrap();
      done(answer.message);
    } catch (error) {
      failed(error, 'The invitation could not be sent.');
    }
  };

  const onCancel = async (address: string) => {
    if (
      !window.confirm(
        `Cancel the invitation to ${address}? The link in the mail stops working.`,
      )
    ) {
      return;
    }
    try {
      await cancel(address).unwrap();
      done(householdMessages.invitationCancelled(address));
    } catch (error) {
      failed(error, 'The invitation could not be cancelled.');
    }
  };

  const onRemove = async (member: HouseholdMember) => {
    const self = member.userId === userId;
    const question = self
      ? 'Leave this household? You start alone again, without its plan and list.'
      : `Remove ${fullName(member)} from the household?`;
    if (!window.confirm(question)) return;
    try {
      await remove(member.userId).unwrap();
      done(
        self ? 'You left the household.' : `${fullName(member)} was removed.`,
      );
    } catch (error) {
      failed(error, 'That did not work. Please try again.');
    }
  };

  const onTransfer = async (member: HouseholdMember) => {
    if (
      !window.confirm(
        `Make ${fullName(member)} the owner? You become a member.`,
      )
    ) {
      return;
    }
    try {
      await transfer(member.userId).unwrap();
      done(`${fullName(member)} now owns the household.`);
    } catch (error) {
      failed(error, 'That did not work. Please try again.');
    }
  };

  const onServingSize = async (event: FormEvent) => {
    event.preventDefault();
    const value = servingDraft?.trim() ?? '';
    try {
      await update({
        servingSize: value === '' ? null : Number(value),
      }).unwrap();
      setServingDraft(null);
      done('Serving size saved. It applies to the next plan.');
    } catch (error) {
      failed(error, 'The serving size could not be saved.');
    }
  };

  return (
    <Card component="section" aria-labelledby="household-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <GroupRounded color="primary" aria-hidden />
          <Typography id="household-title" variant="h6" component="h2">
            Household
          </Typography>
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
          Cook for a household: everyone in it shares one plan and one shopping
          list. The plan avoids every member&apos;s allergens and dislikes.
        </Typography>
        {isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            The household could not be loaded.
          </Alert>
        ) : null}
        {isLoading ? (
          <Typography color="text.secondary">Loading…</Typography>
        ) : null}
        {data ? (
          <>
            <List
              aria-label="Members"
              dense
              sx={{ mb: 2, maxWidth: 720, py: 0 }}
            >
              {data.members.map((member) => {
                const self = member.userId === userId;
                return (
                  <ListItem
                    key={member.userId}
                    divider
                    disableGutters
                    sx={{
                      flexWrap: 'wrap',
                      gap: 1,
                      alignItems: 'center',
                    }}
                  >
                    <ListItemText
                      primary={`${fullName(member)}${self ? ' (you)' : ''}`}
                      secondary={member.email}
                      sx={{ minWidth: 200, flex: '1 1 200px' }}
                    />
                    <Chip
                      size="small"
                      label={member.role === 'owner' ? 'Owner' : 'Member'}
                      color={member.role === 'owner' ? 'primary' : 'default'}
                      variant={member.role === 'owner' ? 'filled' : 'outlined'}
                    />
                    {isOwner && !self ? (
                      <>
                        <Button
                          size="small"
                          onClick={() => void onTransfer(member)}
                          disabled={busy}
                          aria-label={`Make Owner: ${fullName(member)}`}
                        >
                          Make Owner
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => void onRemove(member)}
                          disabled={busy}
                          aria-label={`Remove ${fullName(member)}`}
                        >
                          Remove
                        </Button>
                      </>
                    ) : null}
                    {self && !isOwner && shared ? (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => void onRemove(member)}
                        disabled={busy}
                      >
                        Leave Household
                      </Button>
                    ) : null}
                  </ListItem>
                );
              })}
            </List>
            {isOwner && shared ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                To leave, first make another member the owner.
              </Typography>
            ) : null}

            {isOwner ? (
              <Box
                component="form"
                onSubmit={(event) => void onInvite(event)}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 1.5,
                  alignItems: 'flex-start',
                  mb: 2,
                }}
              >
                <TextField
                  label="Invite by e-mail"
                  type="email"
                  size="small"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  sx={{ flex: '1 1 240px', maxWidth: 420 }}
                />
                <Button
                  type="submit"
                  variant="contained"
                  disabled={inviting.isLoading || email.trim() === ''}
                  aria-busy={inviting.isLoading}
                >
                  Send Invitation
                </Button>
              </Box>
            ) : null}

            {isOwner && data.invitations.length > 0 ? (
              <Box sx={{ mb: 2 }}>
                <Typography variant="subtitle2" component="h3" gutterBottom>
                  Waiting for an answer
                </Typography>
                <List
                  dense
                  aria-label="Open invitations"
                  sx={{ py: 0, maxWidth: 720 }}
                >
                  {data.invitations.map((invitation) => (
                    <ListItem
                      key={invitation.email}
                      disableGutters
                      sx={{ flexWrap: 'wrap', gap: 1 }}
                    >
                      <ListItemText
                        primary={invitation.email}
                        secondary={
                          invitation.expired
                            ? `Link expired on ${dateFormat.format(new Date(invitation.expiresAt))}: send it again`
                            : `Link valid until ${dateFormat.format(new Date(invitation.expiresAt))}`
                        }
                        sx={{ flex: '1 1 200px' }}
                      />
                      {/* Together: on a phone both go below the address. */}
                      <Box sx={{ display: 'flex', gap: 1 }}>
                        <Button
                          size="small"
                          onClick={() => void onResend(invitation.email)}
                          disabled={inviting.isLoading || cancelling.isLoading}
                          aria-label={`Send Again to ${invitation.email}`}
                        >
                          Send Again
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => void onCancel(invitation.email)}
                          disabled={inviting.isLoading || cancelling.isLoading}
                          aria-label={`Cancel Invitation to ${invitation.email}`}
                        >
                          Cancel Invitation
                        </Button>
                      </Box>
                    </ListItem>
                  ))}
                </List>
              </Box>
            ) : null}

            {shared ? (
              <Box
                component="form"
                onSubmit={(event) => void onServingSize(event)}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 1.5,
                  alignItems: 'flex-start',
                }}
              >
                <TextField
                  label="Household serving size"
                  type="number"
                  size="small"
                  value={servingDraft ?? String(data.servingSize)}
                  onChange={(event) => setServingDraft(event.target.value)}
                  helperText={
                    data.servingSizeSet
                      ? 'Set by hand. Empty: one serving per member.'
                      : 'One serving per member.'
                  }
                  slotProps={{ htmlInput: { min: 1, max: 20 } }}
                  sx={{ width: 240 }}
                />
                <Button
                  type="submit"
                  variant="outlined"
                  disabled={updating.isLoading || servingDraft === null}
                >
                  Save Serving Size
                </Button>
              </Box>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
