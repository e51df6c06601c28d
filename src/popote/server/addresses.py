"""Which client a limit counts: an IPv4 address, or an IPv6 network of ``prefix`` bits.

One person with an IPv6 connection usually holds a whole /64 (their provider hands them
one), and can draw a new address from it for every request: a quota counted per full IPv6
address would not stop them. Every limit of the server (identities, logins, chat,
connections, anonymous requests) therefore counts :func:`client_key` of the address, not
the address itself. IPv4 addresses count one by one; an IPv4 address written as IPv6
(``::ffff:192.0.2.7``) counts as that IPv4 address.

>>> client_key("192.0.2.7")
'192.0.2.7'
>>> client_key("2001:db8:1:2:aaaa::1"), client_key("2001:db8:1:2:bbbb::9")
('2001:db8:1:2::/64', '2001:db8:1:2::/64')
>>> client_key("2001:db8:1:2:aaaa::1", prefix=48)
'2001:db8:1::/48'
>>> client_key("::ffff:192.0.2.7"), client_key("not an address")
('192.0.2.7', 'not an address')
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

IPV6_PREFIX = 64
"""The IPv6 network length counted as one client (``popote serve --ipv6-prefix``)."""


@lru_cache(maxsize=4096)
def client_key(address: str, prefix: int = IPV6_PREFIX) -> str:
    """The key the limits count ``address`` under (see the module's note); an address that
    does not parse (a test client's name, an empty one) is its own key."""
    try:
        parsed = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        bits = max(0, min(128, prefix))
        return str(ipaddress.IPv6Network((parsed, bits), strict=False))
    return str(parsed)
