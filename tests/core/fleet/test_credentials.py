"""The credentials file: ordered rules, references not secrets, strict parsing."""

from __future__ import annotations

import pytest

from inspector.core.container import Credential
from inspector.core.errors import InspectorError
from inspector.core.fleet.credentials import CredentialRef, glob_regex, load_rules


def write(tmp_path, text: str):
    p = tmp_path / "rules.toml"
    p.write_text(text, encoding="utf-8")
    return p


@pytest.mark.parametrize(
    "pattern,location,hit",
    [
        ("agents/billing-*.aleth", "/srv/fleet/agents/billing-7.aleth", True),
        ("agents/billing-*.aleth", "/srv/fleet/agents/billing/x.aleth", False),  # * stays in a name
        ("agents/billing-*.aleth", "/srv/fleet/xagents/billing-7.aleth", False),  # whole names only
        ("agents/billing-*.aleth", "/srv/agents/billing-7.aleth.bak", False),
        ("*.aleth", "/a/b/c.aleth", True),
        ("**/*.aleth", "/a/b/c.aleth", True),
        ("fleet/**/x.aleth", "/srv/fleet/x.aleth", True),
        ("fleet/**/x.aleth", "/srv/fleet/a/b/x.aleth", True),
        ("/srv/fleet/*.aleth", "/srv/fleet/a.aleth", True),
        ("/srv/fleet/*.aleth", "/other/srv/fleet/a.aleth", False),  # anchored
        ("agent-?.aleth", "/f/agent-1.aleth", True),
        ("agent-?.aleth", "/f/agent-12.aleth", False),
        ("agent-[12].aleth", "/f/agent-2.aleth", True),
        ("agent-[!12].aleth", "/f/agent-2.aleth", False),
        ("agent-[!12].aleth", "/f/agent-3.aleth", True),
        ("s3://bucket/**/*.aleth", "s3://bucket/a/b.aleth", True),
        ("bucket/a/*.aleth", "s3://bucket/a/b.aleth", True),
        ("a+b(c).aleth", "/x/a+b(c).aleth", True),  # regex characters are literal
        ("stores/10_x", "/t/fleet/stores/10_x", True),
    ],
)
def test_glob(pattern, location, hit):
    assert (glob_regex(pattern).fullmatch(location) is not None) is hit


def test_first_matching_rule_wins_and_paths_are_relative_to_the_rules_file(tmp_path):
    (tmp_path / "cp.json").write_text('{"type": "Checkpoint"}')
    p = write(
        tmp_path,
        """
[[file]]
match = "agents/billing-*.aleth"
passphrase_file = "secrets/billing.pass"
checkpoint = "cp.json"

[[file]]
match = "**/*.aleth"
passphrase_env = "FLEET_PASS"

[[file]]
match = "old/*.aleth"
recovery_code_file = "/abs/recovery.txt"
""",
    )
    rules = load_rules(p)
    assert [r.number for r in rules.rules] == [1, 2, 3]
    r = rules.match("/srv/agents/billing-2.aleth")
    assert r.number == 1
    assert r.credential == CredentialRef("passphrase", "file", str(tmp_path / "secrets" / "billing.pass"), 1)
    assert r.checkpoint == str(tmp_path / "cp.json")
    assert rules.checkpoint_bytes(r.checkpoint) == b'{"type": "Checkpoint"}'
    assert rules.match("/srv/old/x.aleth").number == 2  # the earlier rule wins
    assert rules.match("/srv/old/x.aleth").credential == CredentialRef("passphrase", "env", "FLEET_PASS", 2)
    assert rules.match("/srv/store") is None


@pytest.mark.parametrize(
    "text,fragment",
    [
        ("[[file]]\nmatch = 'a'\npassphrase = 'hunter2'\n", "unknown key 'passphrase'"),
        ("[[file]]\nmatch = 'a'\npassphrase-file = 'x'\n", "unknown key 'passphrase-file'"),
        ("[[file]]\npassphrase_file = 'x'\n", "'match' must be a non-empty string"),
        ("[[file]]\nmatch = ''\n", "'match' must be a non-empty string"),
        ("[[file]]\nmatch = 'a'\npassphrase_file = 'x'\npassphrase_env = 'Y'\n", "not several"),
        ("[[file]]\nmatch = 'a'\npassphrase_env = 3\n", "'passphrase_env' must be a non-empty string"),
        ("[files]\nmatch = 'a'\n", "unknown top-level key 'files'"),
        ("file = 'a'\n", "array of tables"),
        ("[[file]\nmatch = 'a'\n", "not valid TOML"),
        ("[[file]]\nmatch = 'a'\ncheckpoint = 'missing.json'\n", "cannot read the checkpoint"),
        ("[[file]]\nmatch = 'a'\ncheckpoint = 'bad.json'\n", "not strict JSON"),
        ("[[file]]\nmatch = 'a'\ncheckpoint = 'list.json'\n", "not a JSON object"),
    ],
)
def test_a_bad_rules_file_is_refused_with_the_rule_named(tmp_path, text, fragment):
    (tmp_path / "bad.json").write_text('{"a": 1, "a": 2}')
    (tmp_path / "list.json").write_text("[]")
    with pytest.raises(InspectorError) as err:
        load_rules(write(tmp_path, text))
    assert err.value.code == "credentials_invalid"
    assert fragment in err.value.message
    if "passphrase'" in fragment:
        assert "hunter2" not in err.value.describe()
        assert "never" in (err.value.likely_cause or "")


def test_unreadable_or_huge_rules_file(tmp_path):
    with pytest.raises(InspectorError, match="cannot read"):
        load_rules(tmp_path / "absent.toml")
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (1024 * 1024 + 1))
    with pytest.raises(InspectorError, match="larger than 1 MiB"):
        load_rules(big)
    bad = tmp_path / "bin.toml"
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(InspectorError, match="not UTF-8"):
        load_rules(bad)


def test_references_resolve_where_they_run(tmp_path, monkeypatch):
    (tmp_path / "p.txt").write_text("correct horse\n", encoding="utf-8")
    assert CredentialRef("passphrase", "file", str(tmp_path / "p.txt")).resolve() == Credential(
        passphrase="correct horse"
    )
    monkeypatch.setenv("FLEET_TEST_CODE", "aleth-recovery-v1:abc")
    assert CredentialRef("recovery_code", "env", "FLEET_TEST_CODE").resolve() == Credential(
        recovery_code="aleth-recovery-v1:abc"
    )
    monkeypatch.delenv("FLEET_TEST_UNSET", raising=False)
    with pytest.raises(InspectorError) as err:
        CredentialRef("passphrase", "env", "FLEET_TEST_UNSET", 4).resolve()
    assert err.value.code == "credential_unreadable"
    assert "FLEET_TEST_UNSET" not in err.value.describe() and "rule 4" in err.value.message
    monkeypatch.setenv("FLEET_TEST_EMPTY", "")
    with pytest.raises(InspectorError) as err:  # a variable that exists is named
        CredentialRef("passphrase", "env", "FLEET_TEST_EMPTY", 4).resolve()
    assert "FLEET_TEST_EMPTY" in err.value.message and "empty" in err.value.message
    with pytest.raises(InspectorError) as err:
        CredentialRef("passphrase", "file", str(tmp_path / "nope"), 2).resolve()
    assert err.value.code == "credential_unreadable" and "nope" not in err.value.describe()
    (tmp_path / "dir").mkdir()
    with pytest.raises(InspectorError) as err:  # a file that exists is named
        CredentialRef("passphrase", "file", str(tmp_path / "dir"), 2).resolve()
    assert str(tmp_path / "dir") in err.value.message


def test_a_secret_read_keeps_its_hints(tmp_path, monkeypatch):
    (tmp_path / "bom.txt").write_text("\ufeffcorrect horse\n", encoding="utf-8")
    secret = CredentialRef("passphrase", "file", str(tmp_path / "bom.txt")).read()
    assert secret.value == "\ufeffcorrect horse" and any("byte-order mark" in h for h in secret.hints)
    monkeypatch.setenv("FLEET_TEST_CODE", "aleth-recovery-v1:abc")
    secret = CredentialRef("passphrase", "env", "FLEET_TEST_CODE").read()
    assert any("recovery code" in h for h in secret.hints)


def test_lists_ids_and_the_ledger(tmp_path):
    p = write(
        tmp_path,
        """
ledger = "state/fleet.ledger"

[[file]]
match = "agents/*.aleth"
passphrase_file = ["now.pass", "before.pass", "/abs/long-ago.pass"]
id = "agents/{stem}"
""",
    )
    rules = load_rules(p)
    assert rules.ledger == str(tmp_path / "state" / "fleet.ledger")
    (r,) = rules.rules
    assert r.credential == CredentialRef("passphrase", "file", str(tmp_path / "now.pass"), 1)
    assert [c.name for c in r.older] == [str(tmp_path / "before.pass"), "/abs/long-ago.pass"]
    assert [c.name for c in r.credentials] == [str(tmp_path / "now.pass"), *[c.name for c in r.older]]
    assert r.identity("agents/billing-7.aleth") == "agents/billing-7"
    assert load_rules(write(tmp_path, 'ledger = "sqlite:///var/x.db"\n')).ledger == "/var/x.db"


@pytest.mark.parametrize(
    "text,fragment",
    [
        ('ledger = "s3://bucket/ledger"\n', "not a s3:// URL"),
        ("ledger = 3\n", "'ledger' must be"),
        ("[[file]]\nmatch = 'a'\nid = '{nope}'\n", "unknown field {nope}"),
        ("[[file]]\nmatch = 'a'\npassphrase_file = []\n", "1 to 8"),
        ("[[file]]\nmatch = 'a'\npassphrase_file = ['a', 3]\n", "list of them"),
    ],
)
def test_bad_ledgers_ids_and_lists_are_refused(tmp_path, text, fragment):
    with pytest.raises(InspectorError) as err:
        load_rules(write(tmp_path, text))
    assert err.value.code == "credentials_invalid" and fragment in err.value.message


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=4, max_size=40))
def test_a_passphrase_put_where_a_variable_name_belongs_is_never_repeated(tmp_path_factory, value):
    """Whatever string stands in passphrase_env: refused without being repeated unless it
    is a variable name, and then never repeated when no such variable is set."""
    import os

    tmp = tmp_path_factory.mktemp("env")
    toml_value = value.replace("\\", "\\\\").replace('"', '\\"')
    p = tmp / "rules.toml"
    try:
        p.write_text(f'[[file]]\nmatch = "*.aleth"\npassphrase_env = "{toml_value}"\n', encoding="utf-8")
    except UnicodeEncodeError:
        return  # a lone surrogate is no text a rules file can hold
    try:
        rules = load_rules(p)
    except InspectorError as exc:
        text = exc.describe()
        assert value not in text.replace(str(p), "") or len(value) < 3
        return
    (r,) = rules.rules
    if value in os.environ:
        return  # a variable that exists is a reference, not a secret: it may be named
    with pytest.raises(InspectorError) as err:
        r.credential.read()
    shown = err.value.describe() + r.credential.describe() + repr(r.credential)
    words = CredentialRef("passphrase", "env", "UNSET_" * 3, 1)  # the same sentences without the value
    with pytest.raises(InspectorError) as plain:
        words.read()
    assert value not in shown or value in plain.value.describe() + words.describe() + repr(words)


def test_a_reference_shows_where_not_what(tmp_path, monkeypatch):
    monkeypatch.setenv("FLEET_TEST_SECRET", "s3cr3t-value")
    ref = CredentialRef("passphrase", "env", "FLEET_TEST_SECRET")
    cred = ref.resolve()
    assert "s3cr3t" not in repr(ref) + ref.describe() + repr(cred) + str(cred)
