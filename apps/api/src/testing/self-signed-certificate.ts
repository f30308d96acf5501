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
