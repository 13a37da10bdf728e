/*
 * A stand-in for Stripe.js, served in place of https://js.stripe.com/<train>/stripe.js by the
 * Stripe e2e spec. It offers what @stripe/react-stripe-js uses (elements, a Payment Element
 * that mounts, fires `ready`, and confirmPayment) and confirms through Stripe's real HTTP API
 * shape, which the spec routes to the local Stripe stand-in. The card field is a plain input:
 * Stripe's own is an iframe that cannot load here.
 */
(() => {
  const API = 'https://api.stripe.com/v1';
  /** Stripe's test cards, as the test payment methods Stripe documents for them. */
  const paymentMethods = {
    4242424242424242: 'pm_card_visa',
    4000000000000002: 'pm_card_chargeDeclined',
    4000000000009995: 'pm_card_chargeDeclinedInsufficientFunds',
    4000000000000069: 'pm_card_chargeDeclinedExpiredCard',
  };

  function Stripe(publishableKey) {
    let clientSecret;
    let input;

    function createElement(type) {
      const handlers = {};
      const emit = (event, payload) => (handlers[event] ?? []).forEach((cb) => cb(payload));
      return {
        mount(node) {
          const target = typeof node === 'string' ? document.querySelector(node) : node;
          const label = document.createElement('label');
          label.className = 'fieldset-legend';
          label.textContent = 'Card number';
          input = document.createElement('input');
          input.className = 'input w-full';
          input.autocomplete = 'cc-number';
          input.inputMode = 'numeric';
          label.append(input);
          target.append(label);
          input.addEventListener('input', () =>
            emit('change', { elementType: type, empty: !input.value, complete: false }),
          );
          setTimeout(() => emit('ready', { elementType: type }));
        },
        on(event, cb) {
          (handlers[event] ??= []).push(cb);
          return this;
        },
        off(event, cb) {
          handlers[event] = (handlers[event] ?? []).filter((h) => h !== cb);
          return this;
        },
        update() {},
        focus: () => input?.focus(),
        blur: () => input?.blur(),
        clear: () => input && (input.value = ''),
        collapse() {},
        unmount() {},
        destroy() {},
      };
    }

    async function call(method, path, params) {
      const body = new URLSearchParams({ ...params, key: publishableKey });
      const response = await fetch(
        method === 'GET' ? `${API}${path}?${body}` : `${API}${path}`,
        method === 'GET'
          ? {}
          : {
              method,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body,
            },
      );
      return { ok: response.ok, body: await response.json() };
    }

    return {
      elements(options = {}) {
        clientSecret = options.clientSecret;
        return {
          create: createElement,
          getElement: () => null,
          update() {},
          fetchUpdates: async () => ({}),
          submit: async () => ({}),
        };
      },
      async confirmPayment() {
        const number = (input?.value ?? '').replace(/\D/g, '');
        const paymentMethod = paymentMethods[number];
        if (!paymentMethod) {
          return {
            error: { type: 'validation_error', message: 'Your card number is incomplete.' },
          };
        }
        const intent = clientSecret.split('_secret_')[0];
        const { ok, body } = await call('POST', `/payment_intents/${intent}/confirm`, {
          client_secret: clientSecret,
          payment_method: paymentMethod,
        });
        return ok ? { paymentIntent: body } : { error: body.error };
      },
      async retrievePaymentIntent(secret) {
        const { ok, body } = await call('GET', `/payment_intents/${secret.split('_secret_')[0]}`, {
          client_secret: secret,
        });
        return ok ? { paymentIntent: body } : { error: body.error };
      },
      createToken: async () => ({}),
      createPaymentMethod: async () => ({}),
      confirmCardPayment: async () => ({}),
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
