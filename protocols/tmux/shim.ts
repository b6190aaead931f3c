/**
 * The `tmux` shim a weft pane finds first on its `PATH`, and the environment that makes tmux
 * clients believe they run inside tmux. The shim is a POSIX sh script that hands its argv to a
 * small Perl client (Perl is on every Debian-like system; it loads no module on Linux, core
 * `Socket` elsewhere): one JSON-RPC line, `tmux.exec`, over the server's Unix socket, so a call
 * costs a Perl start plus one round trip, not a Deno start.
 *
 * @module
 */

/** The shim's files, by name in its folder: `tmux` (executable) and the client it runs. */
export const TMUX_SHIM_FILES: Readonly<Record<string, string>> = {
  tmux: `#!/bin/sh
# weft's tmux: tmux commands run on this weft server's panes (tmux.exec over WEFT_SOCKET).
if command -v perl >/dev/null 2>&1; then exec perl "\${0%/*}/tmux-client.pl" "$@"; fi
if command -v weft >/dev/null 2>&1; then exec weft tmux "$@"; fi
echo "weft's tmux needs perl (or weft on PATH)" >&2
exit 1
`,
  // Core Perl only, and on Linux not even Socket: loading it (XSLoader, Exporter) took 8 ms
  // of CPU per call against 1.5 ms for perl itself; Linux's AF_UNIX/SOCK_STREAM (1, 1) and
  // sockaddr_un (a native short, then the path) are fixed, so they are written out here.
  "tmux-client.pl": String.raw`use strict;

sub jstr {
  my $s = shift;
  $s =~ s/([\\"])/\\$1/g;
  $s =~ s/([\x00-\x1f])/sprintf("\\u%04x", ord($1))/ge;
  return "\"$s\"";
}

sub unjstr {
  my $s = shift;
  my %esc = (n => "\n", t => "\t", r => "\r", b => "\b", f => "\f", '"' => '"', "\\" => "\\", "/" => "/");
  $s =~ s/\\(?:u([0-9a-fA-F]{4})|(.))/defined $1 ? do { my $c = chr(hex $1); utf8::encode($c); $c } : $esc{$2}/ge;
  return $s;
}

my $path = $ENV{WEFT_SOCKET};
# -L NAME, or -S PATH other than weft's socket: a script meant for a real tmux server. It goes
# to the real tmux (the first on PATH that is not a weft shim), never to weft's panes.
my ($name, $other);
for (my $i = 0; $i < @ARGV; $i++) {
  my $a = $ARGV[$i];
  last if $a eq "--" || $a !~ /^-./;
  my @c = split //, substr($a, 1);
  while (@c) {
    my $f = shift @c;
    next if index("cfLST", $f) < 0;
    my $v = @c ? join("", @c) : $ARGV[++$i];
    @c = ();
    $name = $v if $f eq "L";
    $other = $v if $f eq "S" && !(defined $path && defined $v && $v eq $path);
  }
}
if (defined $name || defined $other) {
  for my $dir (split /:/, $ENV{PATH} // "") {
    next if $dir eq "" || -e "$dir/tmux-client.pl";
    next unless -f "$dir/tmux" && -x _;
    delete $ENV{TMUX}; delete $ENV{TMUX_PANE};
    exec "$dir/tmux", @ARGV;
  }
  print STDERR "weft's tmux serves only weft's panes: " . (defined $name ? "-L $name" : "-S $other") .
    " names another tmux server, and no real tmux is on PATH\n";
  exit 1;
}
if (!defined $path || $path eq "") { print STDERR "no server running: WEFT_SOCKET is not set\n"; exit 1; }
my ($domain, $type, $addr);
if ($^O eq "linux") {
  ($domain, $type, $addr) = (1, 1, pack("S Z108", 1, $path));
} else {
  require Socket;
  ($domain, $type, $addr) = (Socket::PF_UNIX(), Socket::SOCK_STREAM(), Socket::pack_sockaddr_un($path));
}
socket(my $sock, $domain, $type, 0) or die "socket: $!";
if (!connect($sock, $addr)) { print STDERR "no server running on $path\n"; exit 1; }
my $params = "\"argv\":[" . join(",", map { jstr($_) } @ARGV) . "]";
$params .= ",\"pane\":" . jstr($ENV{TMUX_PANE}) if defined $ENV{TMUX_PANE};
# default-shell as tmux's getshell(): $SHELL if absolute, else the passwd login shell, else /bin/sh.
my $shell = $ENV{SHELL};
$shell = (getpwuid($<))[8] unless defined $shell && $shell =~ m{^/};
$shell = "/bin/sh" unless defined $shell && $shell =~ m{^/};
$params .= ",\"shell\":" . jstr($shell);
# load-buffer - reads the client's stdin (Claude Code copies with "tmux load-buffer -w -").
if (@ARGV && $ARGV[-1] eq "-" && grep { /^(?:loadb|lo(?:a(?:d(?:-(?:b(?:u(?:f(?:f(?:e(?:r)?)?)?)?)?)?)?)?)?)$/ } @ARGV) {
  binmode(STDIN);
  local $/;
  my $in = <STDIN>;
  $params .= ",\"stdin\":" . jstr($in // "");
}
my $req = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tmux.exec\",\"params\":{$params}}\n";
syswrite($sock, $req) == length($req) or die "write: $!";
my $buf = "";
while (1) {
  my $nl = index($buf, "\n");
  if ($nl < 0) {
    my $n = sysread($sock, $buf, 65536, length $buf);
    last unless $n;
    next;
  }
  my $line = substr($buf, 0, $nl + 1, "");
  next unless $line =~ /"id":1[,}]/;
  my $str = qr/"((?:[^"\\]|\\.)*)"/s;
  if ($line =~ /"error":\{.*?"message":$str/s) { print STDERR unjstr($1), "\n"; exit 1; }
  my ($code) = $line =~ /"code":(\d+)/;
  my ($out) = $line =~ /"out":$str/s;
  my ($err) = $line =~ /"err":$str/s;
  print STDOUT unjstr($out // "");
  print STDERR unjstr($err // "");
  exit($code // 1);
}
print STDERR "lost server on $path\n";
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
