import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import {
  child,
  exchange,
  expectRefused,
  idp,
  idpUser,
  makeEvil,
  parse,
  postResponse,
  removeSignature,
  serialize,
  ssoConfig,
  startSso,
  tokenOf,
  XMLNS,
} from './support';

/**
 * Signature wrapping (XSW1-8 of "On Breaking SAML: Be Whoever You Want to Be", Somorovsky et al. 2012,
 * as SAML Raider and node-saml's own invalid fixtures build them) and related tampering. Each starts from
 * an answer the test identity provider really signed for DS_MK user fr-mk and tries to make the server
 * read an unsigned DS_FRIT assertion for 'mallory' instead. Every one must be refused with no token, on
 * the default configuration (Response and assertion signed) and on SSO_WANT_RESPONSE_SIGNED=false,
 * where the assertion's own signature is all that protects it.
 */

type Mutation = (doc: Document) => void;

const rootOf = (doc: Document) => doc.documentElement as unknown as Element;
const assertionOf = (doc: Document) => child(rootOf(doc), 'saml', 'Assertion');
const evilCopy = (assertion: Element) => makeEvil(removeSignature(assertion.cloneNode(true) as Element));

function signatureObject(doc: Document, signature: Element): Element {
  const object = doc.createElementNS(XMLNS.ds, 'ds:Object');
  signature.appendChild(object);
  return object;
}

const VARIANTS: [string, Mutation][] = [
  [
    'XSW1: evil Response at the root, the signed original inside its Signature',
    (doc) => {
      const root = rootOf(doc);
      const signature = child(root, 'ds', 'Signature');
      const original = removeSignature(root.cloneNode(true) as Element);
      signature.appendChild(original);
      root.setAttribute('ID', '_evilresponse000000000000000000000');
      const assertion = assertionOf(doc);
      root.replaceChild(evilCopy(assertion), assertion);
    },
  ],
  [
    'XSW2: evil Response at the root, the signed original detached before its Signature',
    (doc) => {
      const root = rootOf(doc);
      const signature = child(root, 'ds', 'Signature');
      root.insertBefore(removeSignature(root.cloneNode(true) as Element), signature);
      root.setAttribute('ID', '_evilresponse000000000000000000000');
      const assertion = assertionOf(doc);
      root.replaceChild(evilCopy(assertion), assertion);
    },
  ],
  [
    'XSW3: a second, unsigned assertion before the signed one',
    (doc) => {
      const assertion = assertionOf(doc);
      rootOf(doc).insertBefore(evilCopy(assertion), assertion);
    },
  ],
  [
    'XSW3b: a second, unsigned assertion after the signed one',
    (doc) => {
      rootOf(doc).appendChild(evilCopy(assertionOf(doc)));
    },
  ],
  [
    'XSW4: the evil assertion wraps the signed one',
    (doc) => {
      const assertion = assertionOf(doc);
      const evil = evilCopy(assertion);
      rootOf(doc).replaceChild(evil, assertion);
      evil.appendChild(assertion);
    },
  ],
  [
    'XSW5: the signature stays in the altered assertion, an unsigned copy of the original is appended',
    (doc) => {
      const assertion = assertionOf(doc);
      const original = removeSignature(assertion.cloneNode(true) as Element);
      makeEvil(assertion);
      rootOf(doc).appendChild(original);
    },
  ],
  [
    'XSW6: the original moved into the Signature (ds:Object) of the altered assertion',
    (doc) => {
      const assertion = assertionOf(doc);
      const original = removeSignature(assertion.cloneNode(true) as Element);
      makeEvil(assertion);
      signatureObject(doc, child(assertion, 'ds', 'Signature')).appendChild(original);
    },
  ],
  [
    'XSW7: the signed original hidden in an Extensions element, the evil assertion in its place',
    (doc) => {
      const root = rootOf(doc);
      const assertion = assertionOf(doc);
      const extensions = doc.createElementNS(XMLNS.samlp, 'samlp:Extensions');
      root.insertBefore(extensions, child(root, 'samlp', 'Status'));
      root.replaceChild(evilCopy(assertion), assertion);
      extensions.appendChild(assertion);
    },
  ],
  [
    'XSW8: the evil assertion keeps the Signature, the unsigned original inside it (ds:Object)',
    (doc) => {
      const assertion = assertionOf(doc);
      const signature = child(assertion, 'ds', 'Signature');
      const original = removeSignature(assertion.cloneNode(true) as Element);
      makeEvil(assertion, { keepId: true });
      signatureObject(doc, signature).appendChild(original);
    },
  ],
  [
    'the signed assertion altered in place (role raised), signature kept',
    (doc) => {
      makeEvil(assertionOf(doc), { keepId: true });
    },
  ],
  [
    'the signed assertion moved out of the Response, an evil one left behind',
    (doc) => {
      const root = rootOf(doc);
      const assertion = assertionOf(doc);
      const status = child(root, 'samlp', 'Status');
      root.replaceChild(evilCopy(assertion), assertion);
      status.appendChild(assertion);
    },
  ],
  [
    'the assertion signature removed (and the Response signature, which covered it)',
    (doc) => {
      removeSignature(rootOf(doc));
      makeEvil(removeSignature(assertionOf(doc)), { keepId: true });
    },
  ],
];

const configurations = [
  { name: 'Response and assertion signed (default)', wantResponseSigned: true },
  { name: 'assertion signed only (SSO_WANT_RESPONSE_SIGNED=false)', wantResponseSigned: false },
];

for (const configuration of configurations) {
  describe(`signature wrapping: ${configuration.name}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { sso: ssoConfig({ wantResponseSigned: configuration.wantResponseSigned }) } });
    });
    afterAll(() => t?.close());

    const signed = async () => {
      const { requestId, state } = await startSso(t.app);
      const answer = await idp.response({
        requestId,
        user: idpUser('DS_MK'),
        signResponse: configuration.wantResponseSigned,
      });
      return { answer, state };
    };

    it('accepts the untouched answer (the baseline the attacks start from)', async () => {
      const { answer, state } = await signed();
      const { location } = await postResponse(t.app, answer);
      const { response } = await exchange(t.app, tokenOf(location), state);
      expect(response.json().data).toMatchObject({ userId: 'fr-mk', authority: 'DS_MK' });
    });

    // XSW1 and XSW2 wrap the Response's own signature: they need one to start from.
    const variants = VARIANTS.filter(([name]) => configuration.wantResponseSigned || !/^XSW[12]:/.test(name));
    for (const [name, mutate] of variants) {
      it(`refuses ${name}`, async () => {
        const { answer } = await signed();
        const doc = parse(answer);
        mutate(doc);
        await expectRefused(t.app, t.db, serialize(doc));
        const [mallory] = await t.db.select().from(users).where(eq(users.userId, 'mallory'));
        expect(mallory).toBeUndefined();
      });
    }

    it('reads a comment-split value whole (no truncation to a privileged ID)', async () => {
      const { requestId, state } = await startSso(t.app);
      const answer = await idp.response({
        requestId,
        user: { ...idpUser('DS_MK'), userId: 'fr-frit.attacker' },
        signResponse: configuration.wantResponseSigned,
      });
      const doc = parse(answer);
      for (const value of Array.from(doc.getElementsByTagNameNS(XMLNS.saml, 'AttributeValue'))) {
        if (value.textContent === 'fr-frit.attacker') {
          value.textContent = 'fr-frit';
          value.appendChild(doc.createComment(''));
          value.appendChild(doc.createTextNode('.attacker'));
        }
      }
      const { location } = await postResponse(t.app, serialize(doc));
      if (location.startsWith('/sso/')) {
        const { response } = await exchange(t.app, tokenOf(location), state);
        expect(response.json().data.userId).toBe('fr-frit.attacker');
      } else {
        expect(location).toBe('/login?error=ssoFailed');
      }
    });
  });
}
