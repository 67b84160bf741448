#pragma once

#include <QString>

namespace Terrarium::Tests {

// A command for a sandbox's shell that asks whether any DNS server is within reach: it sends a
// query for a name of its own under the reserved .invalid domain (RFC 2606) to each nameserver
// of the sandbox's /etc/resolv.conf (127.0.0.1 when it names none, as glibc does) and exits 0
// as soon as one answers, whatever the answer (for this name, "no such domain": an answer all
// the same), and 1 when none does. So it fails wherever a resolver can be reached, without
// depending on a real host name.
inline QString dnsAnswerProbe()
{
    return QStringLiteral(
        "python3 -c '\n"
        "import socket, sys\n"
        "name = \"terrarium-dns-check.invalid\"\n"
        "query = b\"\\x54\\x72\\x01\\x00\\x00\\x01\\x00\\x00\\x00\\x00\\x00\\x00\" + b\"\".join(\n"
        "    bytes([len(label)]) + label.encode() for label in name.split(\".\")) + "
        "b\"\\x00\\x00\\x01\\x00\\x01\"\n"
        "try:\n"
        "    lines = [line.split() for line in open(\"/etc/resolv.conf\")]\n"
        "except OSError:\n"
        "    lines = []\n"
        "servers = [words[1] for words in lines if len(words) > 1 and words[0] == \"nameserver\"]\n"
        "for server in servers or [\"127.0.0.1\"]:\n"
        "    try:\n"
        "        family = socket.AF_INET6 if \":\" in server else socket.AF_INET\n"
        "        sock = socket.socket(family, socket.SOCK_DGRAM)\n"
        "        sock.settimeout(3)\n"
        "        sock.sendto(query, (server.split(\"%\")[0], 53))\n"
        "        if sock.recv(512)[:2] == query[:2]:\n"
        "            print(\"answered by\", server)\n"
        "            sys.exit(0)\n"
        "    except OSError as error:\n"
        "        print(server, error, file=sys.stderr)\n"
        "sys.exit(1)\n"
        "'");
}

} // namespace Terrarium::Tests
