#!/usr/bin/env bash
# End-to-end check of the deploy recipes of `questlog init --ci`: each is written into a new site
# and into an existing one, the GitHub workflow and the GitLab file validate against the schemas
# that check-jsonschema ships (SchemaStore's, offline), and netlify.toml parses with tomllib and
# builds into Output. Installs check-jsonschema when missing.
# Usage: Tests/EndToEnd/recipes.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
python=python3

if ! command -v check-jsonschema >/dev/null 2>&1; then
  echo "Installing check-jsonschema"
  "$python" -m pip install --quiet --disable-pip-version-check --root-user-action=ignore check-jsonschema >/dev/null
fi

swift build --product questlog >/dev/null
questlog="$PWD/.build/debug/questlog"
work=$(mktemp -d "${TMPDIR:-/tmp}/questlog-recipes.XXXXXX")
trap 'rm -rf "$work"' EXIT

# A new site with the GitHub workflow; the other two added to it as to any existing site.
"$questlog" init --quiet "$work/site" --ci github
(cd "$work/site" && "$questlog" init --quiet --ci gitlab && "$questlog" init --quiet --ci netlify)

check-jsonschema --builtin-schema vendor.github-workflows "$work/site/.github/workflows/questlog.yml"
check-jsonschema --builtin-schema vendor.gitlab-ci "$work/site/.gitlab-ci.yml"
"$python" - "$work/site/netlify.toml" <<'PY'
import sys, tomllib

with open(sys.argv[1], "rb") as handle:
    build = tomllib.load(handle)["build"]
assert build["publish"] == "Output", build
assert "questlog build" in build["command"] and "swift build -c release" in build["command"], build["command"]
assert build["environment"]["SWIFT_VERSION"], build
print("ok -- netlify.toml parses with tomllib: publish Output, command builds Questlog then the site")
PY
