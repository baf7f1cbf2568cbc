import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  declineMessage,
  declinedOnAttach,
  findTestCard,
  type TestCardOutcome,
} from '../src/lib/billing/test-cards.ts';

/**
 * A real HTTP server that plays the few Stripe endpoints the stripe provider calls (DESIGN §7:
 * the `stripe` SDK is pointed at it by host and port, and no product code path is faked). It reads
 * form-encoded bodies, answers Stripe's JSON shapes and error shape, refuses unknown parameters as
 * Stripe does (so a parameter this API version does not take fails the test), honours idempotency
 * keys, keeps its state in memory, and records the events Stripe would send, which
 * `sendWebhook` delivers signed like Stripe's.
 */
export type StripeStandIn = {
  /** STRIPE_API_URL: where the SDK sends its calls. */
  url: string;
  secretKey: string;
  /** The key Stripe.js would hold: it may only make payment methods. */
  publishableKey: string;
  webhookSecret: string;
  /** Stripe.js in the browser, on the stand-in: makes payment methods from test tokens. */
  browser: Stripe;
  /** Stripe's dashboard, on the stand-in: the objects as Stripe holds them. */
  dashboard: Stripe;
  /**
   * Takes Stripe off the network (true) and back: while down, every connection is dropped
   * unanswered, as when Stripe cannot be reached; the state is kept.
   */
  setDown: (down: boolean) => void;
  /** The events the stand-in made about one object, oldest first, of one type when given. */
  eventsAbout: (objectId: string, type?: string) => StandInEvent[];
  /**
   * POSTs `event` to `url` as Stripe does: JSON body and a `Stripe-Signature` made with the
   * webhook secret (or `options.secret`) at `options.timestamp` (seconds; default now).
   */
  sendWebhook: (
    url: string,
    event: StandInEvent,
    options?: { timestamp?: number; secret?: string },
  ) => Promise<{ status: number; body: string }>;
  close: () => Promise<void>;
};

type StripeObject = { id: string; object: string } & Record<string, unknown>;

export type StandInEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: StripeObject };
};

/** An event of `type` about `object` as Stripe makes it now, from the API `request` when given. */
export function standInEvent(
  id: string,
  type: string,
  object: StripeObject,
  request: StandInEvent['request'] = { id: null, idempotency_key: null },
): StandInEvent {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request,
    type,
    data: { object },
  };
}

type Form = { [key: string]: string | Form };
type Answer = { status: number; body: object };

/** Stripe's error answer: `{error: {type, code, message, …}}` with its HTTP status. */
class StripeFault extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, string>,
  ) {
    super(error.message);
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new StripeFault(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
const invalid = (message: string, param?: string) =>
  new StripeFault(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

/** `a[b][c]=v` pairs into nested objects, as Stripe reads its form bodies. */
function parseForm(body: string): Form {
  const form: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split('[').map((part) => part.replace(/\]$/, ''));
    let node = form;
    for (const part of path.slice(0, -1)) {
      const child = node[part];
      node = typeof child === 'object' ? child : (node[part] = {});
    }
    node[path.at(-1)!] = value;
  }
  return form;
}

const text = (form: Form, key: string): string | undefined =>
  typeof form[key] === 'string' ? form[key] : undefined;
const nested = (form: Form, key: string): Form => (typeof form[key] === 'object' ? form[key] : {});

// Stripe's test tokens (what Stripe.js makes from a card) and the test numbers they stand for.
const TEST_TOKENS: Record<string, string> = {
  tok_visa: '4242424242424242',
  tok_visa_debit: '4000056655665556',
  tok_mastercard: '5555555555554444',
  tok_amex: '378282246310005',
  tok_discover: '6011111111111117',
  tok_diners: '3056930009020004',
  tok_jcb: '3566002020360505',
  tok_unionpay: '6200000000000005',
  tok_chargeDeclined: '4000000000000002',
  tok_chargeDeclinedInsufficientFunds: '4000000000009995',
  tok_chargeDeclinedExpiredCard: '4000000000000069',
  tok_chargeDeclinedIncorrectCvc: '4000000000000127',
  tok_chargeCustomerFail: '4000000000000341',
};

/** The card error Stripe answers for a declined outcome. */
function cardError(outcome: Exclude<TestCardOutcome, 'succeeds'>): StripeFault {
  const codes: Record<typeof outcome, [string, string | null]> = {
    card_declined: ['card_declined', 'generic_decline'],
    charge_declined: ['card_declined', 'generic_decline'],
    insufficient_funds: ['card_declined', 'insufficient_funds'],
    expired_card: ['expired_card', null],
    incorrect_cvc: ['incorrect_cvc', null],
  };
  const [code, declineCode] = codes[outcome];
  return new StripeFault(402, {
    type: 'card_error',
    code,
    ...(declineCode ? { decline_code: declineCode } : {}),
    message: declineMessage(outcome),
  });
}

const newId = (prefix: string) =>
  `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

type Route = {
  /** The top-level parameters it takes, space-separated; any other is refused, as Stripe does. */
  params: string;
  /** Also open to the publishable key (what Stripe.js calls from the browser). */
  publishable?: boolean;
  handle: (id: string, form: Form) => StripeObject;
};

/** Starts the stand-in on a free local port. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const publishableKey = `pk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  const customers = new Map<string, StripeObject>();
  const deletedCustomers = new Set<string>();
  const methods = new Map<string, StripeObject>();
  const outcomes = new Map<string, TestCardOutcome>();
  const invoices = new Map<string, StripeObject>();
  const invoiceSequence = new Map<string, number>();
  const replays = new Map<string, { fingerprint: string; answer: Answer }>();
  const events: StandInEvent[] = [];
  let request: StandInEvent['request'] = { id: null, idempotency_key: null };

  const emit = (type: string, object: StripeObject) => {
    events.push(standInEvent(newId('evt'), type, structuredClone(object), request));
  };

  const found = (map: Map<string, StripeObject>, kind: string, id: string, param = 'id') => {
    const object = map.get(id);
    if (!object) throw missing(kind, id, param);
    return object;
  };

  function createMethod(form: Form): StripeObject {
    if (text(form, 'type') !== 'card')
      throw invalid('Only card payment methods are played here', 'type');
    const card = nested(form, 'card');
    const token = text(card, 'token');
    const number = token ? TEST_TOKENS[token] : text(card, 'number');
    if (token && !number) throw missing('token', token, 'card[token]');
    const testCard = number ? findTestCard(number) : undefined;
    if (!number || !testCard) {
      throw new StripeFault(402, {
        type: 'card_error',
        code: 'card_declined',
        message: 'Your card was declined. Your request was in test mode, but used a non test card.',
      });
    }
    const year = new Date().getUTCFullYear();
    const method: StripeObject = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      created: nowSeconds(),
      customer: null,
      livemode: false,
      metadata: {},
      billing_details: { address: nested(form, 'billing_details').address ?? null },
      card: {
        brand: testCard.brand,
        last4: number.slice(-4),
        exp_month: Number(text(card, 'exp_month') ?? 12),
        exp_year: Number(text(card, 'exp_year') ?? year + 2),
        funding: 'credit',
      },
    };
    methods.set(method.id, method);
    outcomes.set(method.id, testCard.outcome);
    return method;
  }

  function attach(id: string, form: Form): StripeObject {
    const method = found(methods, 'PaymentMethod', id);
    const customerId = text(form, 'customer') ?? '';
    found(customers, 'customer', customerId, 'customer');
    if (method.customer) {
      throw invalid('The payment method you provided has already been attached to a customer.');
    }
    const outcome = outcomes.get(id)!;
    // Stripe checks the card when it is saved: these test numbers are declined here.
    if (declinedOnAttach(outcome)) throw cardError(outcome);
    method.customer = customerId;
    emit('payment_method.attached', method);
    return method;
  }

  function detach(id: string): StripeObject {
    const method = found(methods, 'PaymentMethod', id);
    const customer =
      typeof method.customer === 'string' ? customers.get(method.customer) : undefined;
    if (!customer) {
      throw invalid(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
      );
    }
    const settings = customer.invoice_settings as Record<string, unknown>;
    if (settings.default_payment_method === id) settings.default_payment_method = null;
    method.customer = null;
    emit('payment_method.detached', method);
    return method;
  }

  function createCustomer(form: Form): StripeObject {
    const customer: StripeObject = {
      id: newId('cus'),
      object: 'customer',
      created: nowSeconds(),
      email: text(form, 'email') ?? null,
      name: text(form, 'name') ?? null,
      description: text(form, 'description') ?? null,
      metadata: nested(form, 'metadata'),
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: { default_payment_method: null },
      livemode: false,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function updateCustomer(id: string, form: Form): StripeObject {
    const customer = found(customers, 'customer', id);
    // An empty value clears a field.
    for (const key of ['name', 'email', 'description'] as const) {
      const value = text(form, key);
      if (value !== undefined) customer[key] = value === '' ? null : value;
    }
    const methodId = text(nested(form, 'invoice_settings'), 'default_payment_method');
    if (methodId !== undefined) {
      if (methodId && methods.get(methodId)?.customer !== id) {
        throw invalid(
          `No such PaymentMethod: '${methodId}'; It must be attached to this customer.`,
          'invoice_settings[default_payment_method]',
        );
      }
      (customer.invoice_settings as Record<string, unknown>).default_payment_method =
        methodId || null;
    }
    return customer;
  }

  // A deleted customer is gone for every call but its own retrieve, which answers `deleted: true`.
  function deleteCustomer(id: string): StripeObject {
    found(customers, 'customer', id);
    customers.delete(id);
    deletedCustomers.add(id);
    return { id, object: 'customer', deleted: true };
  }

  function retrieveCustomer(id: string): StripeObject {
    if (deletedCustomers.has(id)) return { id, object: 'customer', deleted: true };
    return found(customers, 'customer', id);
  }

  function createInvoice(form: Form): StripeObject {
    const customerId = text(form, 'customer') ?? '';
    found(customers, 'customer', customerId, 'customer');
    const created = nowSeconds();
    const invoice: StripeObject = {
      id: newId('in'),
      object: 'invoice',
      customer: customerId,
      currency: text(form, 'currency') ?? 'usd',
      collection_method: text(form, 'collection_method') ?? 'charge_automatically',
      auto_advance: text(form, 'auto_advance') === 'true',
      description: text(form, 'description') ?? null,
      metadata: nested(form, 'metadata'),
      status: 'draft',
      number: null,
      amount_due: 0,
      amount_paid: 0,
      amount_remaining: 0,
      subtotal: 0,
      total: 0,
      attempt_count: 0,
      attempted: false,
      hosted_invoice_url: null,
      invoice_pdf: null,
      created,
      period_start: created,
      period_end: created,
      livemode: false,
      lines: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
      status_transitions: {
        finalized_at: null,
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
    };
    (invoice.lines as Record<string, unknown>).url = `/v1/invoices/${invoice.id}/lines`;
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  function addItem(form: Form): StripeObject {
    const invoice = found(invoices, 'invoice', text(form, 'invoice') ?? '', 'invoice');
    if (invoice.status !== 'draft')
      throw invalid('Invoice items can only be added to draft invoices.', 'invoice');
    if (invoice.customer !== text(form, 'customer')) {
      throw invalid('The invoice belongs to another customer.', 'customer');
    }
    const quantity = Number(text(form, 'quantity') ?? 1);
    const unitAmount = Number(text(form, 'unit_amount_decimal'));
    if (!Number.isInteger(quantity) || quantity < 0) throw invalid('Invalid integer', 'quantity');
    if (!Number.isFinite(unitAmount)) throw invalid('Invalid decimal', 'unit_amount_decimal');
    const amount = Math.round(quantity * unitAmount);
    const item: StripeObject = {
      id: newId('ii'),
      object: 'invoiceitem',
      customer: invoice.customer,
      invoice: invoice.id,
      currency: text(form, 'currency') ?? invoice.currency,
      description: text(form, 'description') ?? null,
      quantity,
      quantity_decimal: String(quantity),
      amount,
      pricing: { type: null, unit_amount_decimal: String(unitAmount) },
      period: {
        start: Number(text(nested(form, 'period'), 'start') ?? invoice.created),
        end: Number(text(nested(form, 'period'), 'end') ?? invoice.created),
      },
      metadata: nested(form, 'metadata'),
      date: nowSeconds(),
      livemode: false,
    };
    const lines = invoice.lines as { data: StripeObject[]; total_count: number };
    lines.data.push({ ...item, id: newId('il'), object: 'line_item' });
    lines.total_count = lines.data.length;
    for (const key of ['subtotal', 'total', 'amount_due', 'amount_remaining'] as const) {
      invoice[key] = (invoice[key] as number) + amount;
    }
    return item;
  }

  function markPaid(invoice: StripeObject) {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    (invoice.status_transitions as Record<string, unknown>).paid_at = nowSeconds();
    emit('invoice.paid', invoice);
    emit('invoice.payment_succeeded', invoice);
  }

  function finalize(id: string): StripeObject {
    const invoice = found(invoices, 'invoice', id);
    if (invoice.status !== 'draft') throw invalid('This invoice is already finalized.');
    const customer = customers.get(invoice.customer as string)!;
    const sequence = (invoiceSequence.get(customer.id) ?? 0) + 1;
    invoiceSequence.set(customer.id, sequence);
    invoice.status = 'open';
    invoice.number = `${customer.invoice_prefix as string}-${String(sequence).padStart(4, '0')}`;
    invoice.hosted_invoice_url = `https://invoice.stripe.com/i/acct_standin/test_${id}`;
    invoice.invoice_pdf = `https://pay.stripe.com/invoice/acct_standin/test_${id}/pdf`;
    (invoice.status_transitions as Record<string, unknown>).finalized_at = nowSeconds();
    emit('invoice.finalized', invoice);
    // Stripe marks an invoice of nothing paid as it is finalized.
    if (invoice.amount_due === 0) markPaid(invoice);
    return invoice;
  }

  function pay(id: string, form: Form): StripeObject {
    const invoice = found(invoices, 'invoice', id);
    if (invoice.status === 'paid') throw invalid('Invoice is already paid');
    if (invoice.status !== 'open')
      throw invalid(`You cannot pay an invoice with status ${String(invoice.status)}.`);
    const methodId = text(form, 'payment_method') ?? '';
    const method = found(methods, 'PaymentMethod', methodId, 'payment_method');
    if (method.customer !== invoice.customer) {
      throw invalid(
        `The PaymentMethod provided (${methodId}) is not attached to this invoice's customer.`,
        'payment_method',
      );
    }
    invoice.attempt_count = (invoice.attempt_count as number) + 1;
    invoice.attempted = true;
    const outcome = outcomes.get(methodId)!;
    if (outcome !== 'succeeds') {
      emit('invoice.payment_failed', invoice);
      throw cardError(outcome);
    }
    markPaid(invoice);
    return invoice;
  }

  // `:id` is the object's id; `params`, the top-level parameters each takes.
  const routes: Record<string, Route> = {
    'POST /v1/customers': {
      params: 'name email description metadata',
      handle: (_, form) => createCustomer(form),
    },
    'GET /v1/customers/:id': { params: '', handle: retrieveCustomer },
    'DELETE /v1/customers/:id': { params: '', handle: deleteCustomer },
    'POST /v1/customers/:id': {
      params: 'name email description metadata invoice_settings',
      handle: updateCustomer,
    },
    'POST /v1/payment_methods': {
      params: 'type card billing_details',
      publishable: true,
      handle: (_, form) => createMethod(form),
    },
    'GET /v1/payment_methods/:id': {
      params: '',
      handle: (id) => found(methods, 'PaymentMethod', id),
    },
    'POST /v1/payment_methods/:id/attach': { params: 'customer', handle: attach },
    'POST /v1/payment_methods/:id/detach': { params: '', handle: detach },
    'POST /v1/invoices': {
      params:
        'customer currency collection_method auto_advance pending_invoice_items_behavior description metadata',
      handle: (_, form) => createInvoice(form),
    },
    'GET /v1/invoices/:id': { params: '', handle: (id) => found(invoices, 'invoice', id) },
    'POST /v1/invoiceitems': {
      params: 'customer invoice currency description quantity unit_amount_decimal period metadata',
      handle: (_, form) => addItem(form),
    },
    'POST /v1/invoices/:id/finalize': { params: 'auto_advance', handle: finalize },
    'POST /v1/invoices/:id/pay': { params: 'payment_method off_session', handle: pay },
  };

  /** The route a request names, and the id in its path. */
  function routeOf(method: string, pathname: string) {
    for (const [name, route] of Object.entries(routes)) {
      const [routeMethod, path] = name.split(' ');
      const match = new RegExp(`^${path!.replace(':id', '([^/]+)')}$`).exec(pathname);
      if (routeMethod === method && match) {
        return { ...route, id: decodeURIComponent(match[1] ?? '') };
      }
    }
    throw invalid(`Unrecognized request URL (${method}: ${pathname}).`);
  }

  function answer(
    method: string,
    url: string,
    headers: http.IncomingHttpHeaders,
    body: string,
  ): Answer {
    const { pathname, search } = new URL(url, 'http://stand-in');
    const route = routeOf(method, pathname);
    const key = String(headers.authorization ?? '').replace(/^Bearer /, '');
    if (key !== secretKey && !(route.publishable && key === publishableKey)) {
      throw new StripeFault(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${key.slice(0, 8)}***`,
      });
    }
    const form = parseForm(method === 'GET' ? search.slice(1) : body);
    const unknown = Object.keys(form).find((name) => !route.params.split(' ').includes(name));
    if (unknown) {
      throw new StripeFault(400, {
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        message: `Received unknown parameter: ${unknown}`,
        param: unknown,
      });
    }
    return { status: 200, body: route.handle(route.id, form) };
  }

  /** Answers once per idempotency key: a repeat gets the first answer, other parameters a 400. */
  function answerOnce(
    method: string,
    url: string,
    headers: http.IncomingHttpHeaders,
    body: string,
  ) {
    const key = method === 'POST' ? String(headers['idempotency-key'] ?? '') : '';
    const fingerprint = `${method} ${url} ${body}`;
    const earlier = key ? replays.get(key) : undefined;
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        throw new StripeFault(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      return { ...earlier.answer, replayed: true };
    }
    request = { id: newId('req'), idempotency_key: key || null };
    let result: Answer;
    try {
      result = answer(method, url, headers, body);
    } catch (error) {
      if (!(error instanceof StripeFault)) throw error;
      result = { status: error.status, body: { error: { ...error.error, request_log_url: '' } } };
    }
    // Stripe keeps the answer (a decline too) as the key's, and a snapshot: later changes don't leak in.
    const answerCopy = { status: result.status, body: structuredClone(result.body) };
    if (key) replays.set(key, { fingerprint, answer: answerCopy });
    return { ...answerCopy, replayed: false };
  }

  let down = false;
  const server = http.createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let result: Answer & { replayed?: boolean };
      try {
        result = answerOnce(req.method ?? 'GET', req.url ?? '/', req.headers, body);
      } catch (error) {
        const fault =
          error instanceof StripeFault
            ? error
            : new StripeFault(500, { type: 'api_error', message: String(error) });
        result = { status: fault.status, body: { error: fault.error } };
      }
      res.writeHead(result.status, {
        'content-type': 'application/json',
        'request-id': request.id ?? newId('req'),
        ...(result.replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = { host: '127.0.0.1', port, protocol: 'http' } as const;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    publishableKey,
    webhookSecret,
    browser: new Stripe(publishableKey, endpoint),
    dashboard: new Stripe(secretKey, endpoint),
    setDown: (value) => {
      down = value;
    },
    eventsAbout: (objectId, type) =>
      events.filter((event) => event.data.object.id === objectId && (!type || event.type === type)),
    async sendWebhook(url, event, options = {}) {
      const payload = JSON.stringify(event, null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
      });
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
        },
        body: payload,
      });
      return { status: response.status, body: await response.text() };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
