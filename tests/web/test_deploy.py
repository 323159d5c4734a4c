"""The deployment in the repository (docs/deploy.md): nginx takes deploy/nginx/site.conf as it
is (HTTPS, the routing by table code, WebSockets), checked with ``nginx -t``."""

from __future__ import annotations

import subprocess
from pathlib import Path

from nginxtools import nginx_prefix
from webtools import nginx_or_skip


def test_the_site_s_nginx_configuration_is_valid(tmp_path: Path) -> None:
    binary = nginx_or_skip()
    main = nginx_prefix(tmp_path, "  include splitpot/site.conf;", [8001, 8002])
    site = main.parent / "splitpot" / "site.conf"
    key, cert = tmp_path / "privkey.pem", tmp_path / "fullchain.pem"
    request = ["-subj", "/CN=poker.example.org", "-keyout", str(key), "-out", str(cert)]
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", *request],
        check=True,
        capture_output=True,
    )
    text = site.read_text()
    live = "/etc/letsencrypt/live/poker.example.org/"
    assert live + "fullchain.pem" in text
    site.write_text(
        text.replace(live + "fullchain.pem", str(cert)).replace(live + "privkey.pem", str(key))
    )
    checked = subprocess.run(
        [str(binary), "-t", "-p", str(tmp_path), "-c", str(main), "-e", "stderr"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr
    assert "test is successful" in checked.stderr
