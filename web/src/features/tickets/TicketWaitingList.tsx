import { Button, FormGroup, InputGroup, Switch } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../../shared/api/clients';
import { isApiError } from '../../shared/api/ApiError';
import { reasonMessage } from '../../shared/api/reasonMessages';
import { useToaster } from '../../shared/ui/toaster';
import { ticketWaitingListMessages as m } from './messages';

/**
 * The ticket's waiting list switch and offer duration (docs/waiting-list.md). Saved on its own, with its own
 * button: the switch is a command of its own on the ticket, not a field of the ticket's details.
 */
export function TicketWaitingList({ eventId, ticketId }: { eventId: string; ticketId: string }) {
  const intl = useIntl();
  const id = useId();
  const toaster = useToaster();
  const queryClient = useQueryClient();
  const queryKey = ['tickets', 'waitingList', eventId, ticketId] as const;
  const setting = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.call('GET /events/{id}/tickets/{ticketId}/waiting-list', {
        params: { id: eventId, ticketId },
        signal,
      }),
  });
  const [enabled, setEnabled] = useState(false);
  const [hours, setHours] = useState('24');
  useEffect(() => {
    if (!setting.data) return;
    setEnabled(setting.data.data.enabled);
    setHours(String(setting.data.data.offer_hours));
  }, [setting.data]);
  const save = useMutation({
    mutationFn: () =>
      api.call('PUT /events/{id}/tickets/{ticketId}/waiting-list', {
        params: { id: eventId, ticketId },
        body: { enabled, offer_hours: Number(hours) },
      }),
    onSuccess: async () => {
      toaster.success(m.saved);
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => toaster.danger((isApiError(error) && reasonMessage(error.reason)) || m.failed),
  });
  const hoursError = isApiError(save.error) ? save.error.fieldErrors('offer_hours')[0] : undefined;
  return (
    <fieldset className="ticket-dialog__waiting-list">
      <legend>{intl.formatMessage(m.legend)}</legend>
      <p>{intl.formatMessage(m.help)}</p>
      <Switch
        checked={enabled}
        disabled={!setting.data}
        label={intl.formatMessage(m.enabled)}
        onChange={(changed) => setEnabled(changed.currentTarget.checked)}
      />
      <FormGroup
        label={intl.formatMessage(m.offerHours)}
        labelFor={`${id}-hours`}
        helperText={hoursError ?? intl.formatMessage(m.offerHoursHelp)}
        intent={hoursError ? 'danger' : 'none'}
      >
        <InputGroup
          id={`${id}-hours`}
          inputMode="numeric"
          value={hours}
          disabled={!enabled}
          intent={hoursError ? 'danger' : 'none'}
          onChange={(changed) => setHours(changed.currentTarget.value)}
        />
      </FormGroup>
      <Button type="button" loading={save.isPending} disabled={!setting.data} onClick={() => save.mutate()}>
        {intl.formatMessage(m.save)}
      </Button>
    </fieldset>
  );
}
