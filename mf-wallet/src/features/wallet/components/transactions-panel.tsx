import { Badge, Button, EmptyState, formatBalance, formatMoney } from '@app/platform';
import { QueryView } from '@app/platform/app';
import { ChevronLeft, ChevronRight } from '@app/platform/icons';
import type { Currency, TransactionResponse } from '@app/contracts/ledger';
import { useId, useState } from 'react';
import { useTransactions } from '../api/wallet-api';
import {
  CURRENCY_OPTIONS,
  transactionTypeOptions,
  currencyLabel,
  transactionStatus,
  transactionTypeLabel,
} from './transaction-labels';

function signedAmount(transaction: TransactionResponse): string {
  const sign = transaction.amount < 0 ? '−' : '+';
  const magnitude = Math.abs(transaction.amount);
  return transaction.currency_type === 'usd'
    ? `${sign}${formatMoney(magnitude)}`
    : `${sign}${formatBalance(magnitude)} ${currencyLabel(transaction.currency_type)}`;
}

/** The Transactions tab: the ledger's history, filtered by currency and type on the server, a page at a time. */
export function TransactionsPanel() {
  const [currency, setCurrency] = useState<Currency | ''>('');
  const [type, setType] = useState('');
  const [page, setPage] = useState(0);
  const transactions = useTransactions({ currency: currency || undefined, type: type || undefined, page });
  const filtered = currency !== '' || type !== '';
  return (
    <div className="ui-stack">
      <TransactionFilters
        currency={currency}
        type={type}
        onCurrency={(next) => (setCurrency(next), setPage(0))}
        onType={(next) => (setType(next), setPage(0))}
      />
      <QueryView
        query={transactions}
        loadingLabel="Loading transactions"
        isEmpty={(data) => data.rows.length === 0 && page === 0}
        empty={
          <EmptyState
            title={filtered ? 'No matching transactions' : 'No transactions yet'}
            message={
              filtered
                ? 'Nothing in your history matches these filters.'
                : 'Every earning, conversion and spend is listed here.'
            }
          />
        }
      >
        {(data) => (
          <>
            <ul className="ui-list" aria-label="Transactions" aria-busy={transactions.isPlaceholderData || undefined}>
              {data.rows.map((transaction) => (
                <TransactionRow key={transaction.id} transaction={transaction} />
              ))}
            </ul>
            <nav className="ui-row wallet-pager" aria-label="Transaction pages">
              <Button
                variant="secondary"
                size="small"
                disabled={page === 0}
                onClick={() => setPage((current) => Math.max(0, current - 1))}
              >
                <ChevronLeft size={16} /> Newer
              </Button>
              <span className="ui-muted">
                Page {page + 1} of {data.pages} · {data.total} {data.total === 1 ? 'transaction' : 'transactions'}
              </span>
              <Button
                variant="secondary"
                size="small"
                disabled={page + 1 >= data.pages}
                onClick={() => setPage((current) => current + 1)}
              >
                Older <ChevronRight size={16} />
              </Button>
            </nav>
          </>
        )}
      </QueryView>
    </div>
  );
}

function TransactionFilters(props: {
  currency: Currency | '';
  type: string;
  onCurrency(currency: Currency | ''): void;
  onType(type: string): void;
}) {
  const { currency, type, onCurrency, onType } = props;
  const currencyId = useId();
  const typeId = useId();
  return (
    <div className="wallet-filters" role="group" aria-label="Filter transactions">
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={currencyId}>
          Currency
        </label>
        <select
          id={currencyId}
          className="ui-field__input"
          value={currency}
          onChange={(event) => onCurrency(event.target.value as Currency | '')}
        >
          <option value="">All currencies</option>
          {CURRENCY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={typeId}>
          Type
        </label>
        <select id={typeId} className="ui-field__input" value={type} onChange={(event) => onType(event.target.value)}>
          <option value="">All types</option>
          {transactionTypeOptions().map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** What the transaction was and when, its signed amount and its status. */
function TransactionRow({ transaction }: { transaction: TransactionResponse }) {
  return (
    <li className="ui-list__item">
      <span>
        {transaction.description || transactionTypeLabel(transaction.transaction_type)}
        <br />
        <small className="ui-muted">
          {transactionTypeLabel(transaction.transaction_type)} · {new Date(transaction.created_at).toLocaleString()}
        </small>
      </span>
      <span className="ui-row">
        <strong className={transaction.amount < 0 ? 'wallet-amount--out' : 'wallet-amount--in'}>
          {signedAmount(transaction)}
        </strong>
        <Badge tone={transactionStatus(transaction).tone}>{transactionStatus(transaction).label}</Badge>
      </span>
    </li>
  );
}
