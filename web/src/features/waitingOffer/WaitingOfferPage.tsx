import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/ApiError';
import { publicApi } from '../../shared/api/clients';
import { CheckoutState } from '../checkout/CheckoutFrame';
import { checkoutPath } from '../checkout/paths';
import { waitingOfferMessages as m } from './messages';

function refusalOf(error: unknown): { title: MessageDescriptor; description: MessageDescriptor } {
  const reason = isApiError(error) ? error.reason : null;
  if (reason === 'waiting_offer_expired') return { title: m.expiredTitle, description: m.expiredDescription };
  if (reason === 'waiting_offer_not_yours')
    return { title: m.notYoursTitle, description: m.notYoursDescription };
  if (reason === 'waiting_list_closed') return { title: m.closedTitle, description: m.closedDescription };
  if (reason === 'waiting_entry_not_found' || reason === 'validation_failed')
    return { title: m.notFoundTitle, description: m.notFoundDescription };
  return { title: m.failedTitle, description: m.failedDescription };
}

/**
 * `/e/{slug}/waiting/{entryId}?t={token}`: the waiting-list offer mail's link. Opening it binds the offer to this
 * browser and leads into the normal checkout with the tickets held for the buyer (docs/waiting-list.md).
 */
export function WaitingOfferPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { entryId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('t') ?? '';
  const claim = useMutation({
    mutationFn: () =>
      publicApi.call('POST /public/waiting-offers/{entryId}/claim', {
        params: { entryId },
        body: { token },
      }),
    onSuccess: ({ data }) => {
      void navigate(checkoutPath(data.event_id, data.order_short_id, 'details'), { replace: true });
    },
  });
  const { mutate } = claim;
  useEffect(() => {
    mutate();
  }, [mutate]);

  if (claim.isError) {
    const refusal = refusalOf(claim.error);
    const retryable = refusal.title === m.failedTitle;
    return (
      <CheckoutState
        title={refusal.title}
        description={refusal.description}
        action={
          retryable ? (
            <button type="button" className="public-button" onClick={() => claim.mutate()}>
              {intl.formatMessage(m.retry)}
            </button>
          ) : undefined
        }
      />
    );
  }
  return <CheckoutState title={m.openingTitle} description={m.openingDescription} busy />;
}

export default WaitingOfferPage;
