import { formatDateTime, type SignedDocument } from 'shared';
import { PARTY_LABELS } from '../lib/labels';

/** Who signed a contract or a report, side by side: the signer's name and when, else «не подписан». */
export function Signatures({ document }: { document: Pick<SignedDocument, 'signatures'> }) {
  return (
    <ul className="detail-signatures" aria-label="Подписи">
      {(['customer', 'executor'] as const).map((party) => {
        const signature = document.signatures.find((s) => s.party === party);
        return (
          <li key={party} className={signature ? 'detail-signature detail-signature--signed' : 'detail-signature'}>
            {signature ? (
              <>
                {`${PARTY_LABELS[party]}: подписан — ${signature.signerName}, `}
                <time dateTime={signature.signedAt}>{formatDateTime(signature.signedAt)}</time>
              </>
            ) : (
              `${PARTY_LABELS[party]}: не подписан`
            )}
          </li>
        );
      })}
    </ul>
  );
}
