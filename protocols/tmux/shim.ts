/**
 * The `tmux` shim a weft pane finds first on its `PATH`, and the environment that makes tmux
 * clients believe they run inside tmux. The shim is a POSIX sh script that hands its argv to a
 * small Perl client (Perl is on every Debian-like system): one JSON-RPC line, `tmux.exec`, over
 * the server's Unix socket, so a call costs a Perl start plus one round trip, not a Deno start.
 *
 * @module
 */

/** The shim's files, by name in its folder: `tmux` (executable) and the client it runs. */
export const TMUX_SHIM_FILES: Readonly<Record<string, string>> = {
  tmux: `#!/bin/sh
# weft's tmux: tmux commands run on this weft server's panes (tmux.exec over WEFT_SOCKET).
if command -v perl >/dev/null 2>&1; then exec perl "$(dirname "$0")/tmux-client.pl" "$@"; fi
if command -v weft >/dev/null 2>&1; then exec weft tmux "$@"; fi
echo "weft's tmux needs perl (or weft on PATH)" >&2
exit 1
`,
  "tmux-client.pl": `use strict;
use warnings;
use IO::Socket::UNIX;
use JSON::PP;
use Encode qw(decode);

my $path = $ENV{WEFT_SOCKET};
if (!defined $path || $path eq "") { print STDERR "no server running: WEFT_SOCKET is not set\\n"; exit 1; }
my $sock = IO::Socket::UNIX->new(Type => SOCK_STREAM(), Peer => $path);
if (!$sock) { print STDERR "no server running on $path\\n"; exit 1; }
my $json = JSON::PP->new->utf8->canonical;
my %params = (argv => [map { decode("UTF-8", $_) } @ARGV]);
$params{pane} = $ENV{TMUX_PANE} if defined $ENV{TMUX_PANE};
print $sock $json->encode({ jsonrpc => "2.0", id => 1, method => "tmux.exec", params => \\%params }), "\\n";
$sock->flush;
while (my $line = <$sock>) {
  my $msg = eval { $json->decode($line) } or next;
  next unless defined $msg->{id} && $msg->{id} eq "1";
  if ($msg->{error}) { print STDERR $msg->{error}{message}, "\\n"; exit 1; }
  binmode STDOUT, ":encoding(UTF-8)";
  binmode STDERR, ":encoding(UTF-8)";
  print STDOUT $msg->{result}{out};
  print STDERR $msg->{result}{err};
  exit $msg->{result}{code};
}
print STDERR "lost server on $path\\n";
exit 1;
`,
};

/** What a pane's environment gains from the shim. */
export interface TmuxPaneEnvOptions {
  /** The folder holding the shim. */
  binDir: string;
  /** The server's control socket (first field of `TMUX`). */
  socket: string;
  /** The server's pid (second field of `TMUX`). */
  pid: number;
  /** weft ids of the pane and its session (`p3`, `s1`). */
  pane: string;
  session: string;
  /** The `PATH` the pane would get without the shim. */
  path: string | undefined;
}

/**
 * `TMUX` (`socket,pid,session`, the shape tmux clients parse), `TMUX_PANE` (`%N`) and `PATH`
 * with the shim's folder first.
 *
 * @example
 * ```ts
 * import { tmuxPaneEnv } from "./shim.ts";
 * tmuxPaneEnv({ binDir: "/p/.weft/bin", socket: "/p/.weft/weft.sock", pid: 7, pane: "p3", session: "s1", path: "/usr/bin" });
 * // { TMUX: "/p/.weft/weft.sock,7,1", TMUX_PANE: "%3", PATH: "/p/.weft/bin:/usr/bin" }
 * ```
 */
export function tmuxPaneEnv(o: TmuxPaneEnvOptions): Record<string, string> {
  const n = (id: string) => id.replace(/^[a-z]+/, "");
  return {
    TMUX: `${o.socket},${o.pid},${n(o.session)}`,
    TMUX_PANE: `%${n(o.pane)}`,
    PATH: o.path ? `${o.binDir}:${o.path}` : o.binDir,
  };
}
