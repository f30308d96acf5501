/**
 * A throwaway self-signed certificate and its key for `receiver.test` (EC P-256, valid until
 * 2126), for tests that need a TLS receiver. It secures nothing: it exists so those tests need no
 * `openssl` command on the machine. Made with
 * `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500
 * -subj /CN=receiver.test -addext subjectAltName=DNS:receiver.test`.
 */
export const SELF_SIGNED_RECEIVER = {
  host: "receiver.test",
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgfXBe9Z/STv6PMSs9
3uR3/br/gYxGbiPH6wz+O9n95uyhRANCAAQtAHRSqI3kSh/IqZ9orUC3fFTj2oc0
aiko+YMKUm2kECjR1m1HSmyJPydYGscPIeI9pSVBhpYkqmfUtmLvJArt
-----END PRIVATE KEY-----
`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBoDCCAUegAwIBAgIUXhwtlmh0yjx66e3qTrg5COeD6qowCgYIKoZIzj0EAwIw
GDEWMBQGA1UEAwwNcmVjZWl2ZXIudGVzdDAgFw0yNjExMjkxMTMyNDNaGA8yMTI2
MTEwNTExMzI0M1owGDEWMBQGA1UEAwwNcmVjZWl2ZXIudGVzdDBZMBMGByqGSM49
AgEGCCqGSM49AwEHA0IABC0AdFKojeRKH8ipn2itQLd8VOPahzRqKSj5gwpSbaQQ
KNHWbUdKbIk/J1gaxw8h4j2lJUGGliSqZ9S2Yu8kCu2jbTBrMB0GA1UdDgQWBBT2
f8Oe0eWjdEoGOoS7R/tWK5J3ozAfBgNVHSMEGDAWgBT2f8Oe0eWjdEoGOoS7R/tW
K5J3ozAPBgNVHRMBAf8EBTADAQH/MBgGA1UdEQQRMA+CDXJlY2VpdmVyLnRlc3Qw
CgYIKoZIzj0EAwIDRwAwRAIgYwVvTTAAt1cchnuXRf8SevgvZyEy5uM2+DmcJh2T
OToCIFBSZDTW1tZ2mAI0HKj/FQ6x8j2aIRoIr5wK4ZeS09zQ
-----END CERTIFICATE-----
`,
} as const;

/**
 * The same kind of throwaway certificate for the address `127.0.0.1` (an IP subject alternative
 * name), for a TLS stub that a separate process reaches by an https URL naming loopback without a
 * resolver of its own (the browser tests' api, which trusts it through NODE_EXTRA_CA_CERTS). Made
 * with `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500
 * -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1`.
 */
export const SELF_SIGNED_LOOPBACK = {
  host: "127.0.0.1",
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgvI409vgB5FwF6t8b
xu6vNFAVPWLM+zQCgW8Wz4mjwk+hRANCAAQZQUk/71aXQfvQTWBxAwFwbmeae5Ng
yZlqdGUQTGzl2BGuljzLrbBDpVlwJwMTiPgbFXAd6t+CkFXHoEl+H/6y
-----END PRIVATE KEY-----
`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBjzCCATagAwIBAgIUQ+8YBbQArtMa5Ymsg99HA9BH8XgwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyOTIzNDE1MVoYDzIxMjYxMTA1
MjM0MTUxWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQZQUk/71aXQfvQTWBxAwFwbmeae5NgyZlqdGUQTGzl2BGuljzLrbBD
pVlwJwMTiPgbFXAd6t+CkFXHoEl+H/6yo2QwYjAdBgNVHQ4EFgQUV/zgjF4ZKRvM
y48CyNCDdrQsPjQwHwYDVR0jBBgwFoAUV/zgjF4ZKRvMy48CyNCDdrQsPjQwDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0cAMEQC
IBGxPuoTE4aZzq2IWo6qVoHN1Waw3TAPm9lAitowIHbCAiBoQp7fL/+S7BMKmV+4
ets5U8PN27yaVF2NhY4F+T28XQ==
-----END CERTIFICATE-----
`,
} as const;
