#!/usr/bin/env bash
# End-to-end check of an exports folder (such as Output/exports/): Python's csv module reads every
# CSV file back to the JSON's values, every JSON document validates against the shipped JSON
# Schema with format checks on, headless LibreOffice Calc imports every CSV file as UTF-8
# with its accents intact and no formula evaluated, and openpyxl and LibreOffice open every XLSX
# workbook with its values typed and no formula. Installs what it needs when missing.
# Usage: Tests/EndToEnd/exports.sh EXPORTS_DIR
set -euo pipefail

exports="${1:?usage: Tests/EndToEnd/exports.sh EXPORTS_DIR}"
here="$(cd "$(dirname "$0")" && pwd)"
python=python3

apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# jsonschema with the validators its format checks need ('date' needs none, 'uri-reference' one).
probe='import jsonschema; v = jsonschema.Draft202012Validator; c = getattr(v, "FORMAT_CHECKER", None) or jsonschema.draft202012_format_checker; assert {"date", "uri-reference"} <= set(c.checkers)'
if ! "$python" -c "$probe" 2>/dev/null; then
  echo "Installing jsonschema with format checks"
  if ! "$python" -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
      'jsonschema[format-nongpl]' >/dev/null 2>&1; then
    echo "pip cannot install here (Debian's own Python refuses it): using Debian's packages"
    apt_install python3 python3-jsonschema python3-rfc3987
    python=/usr/bin/python3
  fi
fi

if ! "$python" -c 'import openpyxl' 2>/dev/null; then
  echo "Installing openpyxl"
  if ! "$python" -m pip install --quiet --disable-pip-version-check --root-user-action=ignore openpyxl >/dev/null 2>&1; then
    echo "pip cannot install here: using Debian's package"
    apt_install python3-openpyxl
    python=/usr/bin/python3
  fi
fi

if ! command -v soffice >/dev/null 2>&1; then
  echo "Installing libreoffice-calc-nogui"
  apt_install libreoffice-calc-nogui
fi

exec "$python" "$here/check_exports.py" "$exports"
