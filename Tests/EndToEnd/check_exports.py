#!/usr/bin/env python3
"""Checks a Questlog exports folder (Output/exports/) the way its users will read it.

1. Every JSON document validates against the shipped questlog.schema.json (draft 2020-12) with
   format checks on; a copy with an impossible date must be rejected, proving they are on.
2. Python's csv module reads every CSV file back to the values of the JSON export: same ids,
   names and display names, booleans, numbers, dates, lists, references (by display name) and
   extra fields (one column each, first seen first), with formula payloads neutralised. Files
   are UTF-8 with a byte order mark and CRLF between records. In the JSON, an entry's display
   name is its name unless another entry of its kind in the game shares it, and every reference
   carries its target's name and display name.
3. Headless LibreOffice Calc imports every CSV file as UTF-8: each text cell shows exactly what
   Python read (accents, CJK and emoji included) and no cell is evaluated as a formula. A control
   file holding a raw formula must be evaluated, proving the check can see one.

4. openpyxl reads every XLSX workbook (one per game with entries): a sheet per kind with entries,
   the CSV's header, each cell the JSON's value with its type (booleans are booleans, integers and
   numbers numbers, dates dates, text exactly the text), no formula anywhere, the header bold and
   frozen, an autofilter over the table, fitted column widths, each name a link to the entry's
   page beside the exports, and a consistent Progress sheet.
5. Headless LibreOffice Calc opens every workbook (converted to flat ODS): the same sheets, values
   and types (booleans as its TRUE()/FALSE(), the only formulas allowed), the bold header, the
   autofilter and the links.

Usage: check_exports.py EXPORTS_DIR. Prints a summary; exits 1 on any failure.
"""

import copy
import csv
import datetime
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
import xml.etree.ElementTree as ET

import jsonschema
import openpyxl

BOM = b"\xef\xbb\xbf"
TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?\Z")
ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")
RESERVED_COLUMNS = ("id", "name", "display_name", "notes", "url")
SCHEMA_FILE = "questlog.schema.json"
# Separator 44 (comma), text delimiter 34 (double quote), character set 76 (UTF-8), from line 1.
CSV_FILTER = "CSV:44,34,76,1"

TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"


def is_plain_number(text):
    return PLAIN_NUMBER.match(text) is not None


def is_formula_payload(text):
    return text.startswith(TRIGGERS) and not is_plain_number(text)


def neutralised(text):
    """OWASP's rule, as Questlog applies it to every CSV cell."""
    return "'" + text if is_formula_payload(text) else text


class Report:
    def __init__(self):
        self.failures = []
        self.lines = []

    def fail(self, where, message):
        self.failures.append(f"{where}: {message}")

    def note(self, line):
        self.lines.append(line)


# JSON


def format_checker():
    validator = jsonschema.Draft202012Validator
    return getattr(validator, "FORMAT_CHECKER", None) or jsonschema.draft202012_format_checker


def check_json(folder, report):
    """Validates every document; returns the site document, the game documents and the schema."""
    schema_path = os.path.join(folder, SCHEMA_FILE)
    if not os.path.isfile(schema_path):
        report.fail(SCHEMA_FILE, "missing")
        return None, {}, None
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as error:
        report.fail(SCHEMA_FILE, f"not a valid draft 2020-12 schema: {error.message}")
        return None, {}, None
    checker = format_checker()
    for name in ("date", "uri-reference"):
        if name not in checker.checkers:
            report.fail(SCHEMA_FILE, f"the '{name}' format cannot be checked here: install jsonschema[format-nongpl]")
    validator = jsonschema.Draft202012Validator(schema, format_checker=checker)

    documents = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json") or name == SCHEMA_FILE:
            continue
        with open(os.path.join(folder, name), "rb") as handle:
            raw = handle.read()
        if not raw.endswith(b"}\n"):
            report.fail(name, "does not end with a closing brace and a newline")
        try:
            document = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            report.fail(name, f"not UTF-8 JSON: {error}")
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for error in errors[:5]:
            path = "/".join(str(part) for part in error.absolute_path)
            report.fail(name, f"schema: at /{path}: {error.message}")
        if len(errors) > 5:
            report.fail(name, f"schema: {len(errors) - 5} more errors")
        documents[name] = document

    site = documents.pop("site.json", None)
    if site is None:
        report.fail("site.json", "missing")
        return None, documents, schema
    # site.json holds exactly the games of the game documents.
    site_games = {game["id"]: game for game in site.get("games", [])}
    for name, document in documents.items():
        games = document.get("games", [])
        if len(games) != 1 or name != games[0].get("id", "") + ".json":
            report.fail(name, "a game document must hold its one game")
        elif site_games.get(games[0]["id"]) != games[0]:
            report.fail(name, "differs from its game in site.json")
        if {k: v for k, v in document.items() if k != "games"} != {k: v for k, v in site.items() if k != "games"}:
            report.fail(name, "its header differs from site.json's")
    if set(site_games) != {name[:-5] for name in documents}:
        report.fail("site.json", f"games {sorted(site_games)} but game documents {sorted(documents)}")

    # A broken copy must fail: format checks are really on.
    probe = copy.deepcopy(site)
    if probe.get("games"):
        probe["games"][0]["fields"]["started"] = "2024-02-30"
        if validator.is_valid(probe):
            report.fail(SCHEMA_FILE, "an impossible date (2024-02-30) passed validation: format checks are off")
    report.note(f"JSON        {len(documents) + 1} documents validated against {SCHEMA_FILE} "
                f"(draft 2020-12, format checks on: date, uri-reference)")
    if validator.is_valid(site):
        check_names(site, report)
    return site, documents, schema


SPECIAL_LETTERS = {"đ": "d", "ð": "d", "ø": "o", "ł": "l", "æ": "ae", "œ": "oe", "ß": "ss", "þ": "th", "ı": "i"}


def is_latin(char):
    code = ord(char)
    return (0x41 <= code <= 0x5A or 0x61 <= code <= 0x7A or 0xC0 <= code <= 0x24F or 0x1E00 <= code <= 0x1EFF
            or 0x2C60 <= code <= 0x2C7F or 0xA720 <= code <= 0xA7FF)


def name_key(name):
    """Names compared as Questlog compares them (its NameKey): case and width ignored, marks on
    Latin letters too, spaces collapsed."""
    decomposed = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name).lower())
    folded = []
    after_latin = False
    for char in decomposed:
        if unicodedata.category(char) == "Mn":
            if not after_latin:
                folded.append(char)
            continue
        after_latin = is_latin(char)
        folded.append(SPECIAL_LETTERS.get(char, char))
    return " ".join(unicodedata.normalize("NFC", "".join(folded)).split())


def check_names(site, report):
    """Display names tell apart the entries sharing a name; references carry their target's names."""
    targets = {}
    for game in site.get("games", []):
        targets[game["url"]] = (game["title"], game["title"])
        for entries in game["entries"].values():
            for entry in entries:
                targets[entry["url"]] = (entry["name"], entry["display_name"])
    shared = 0
    for game in site.get("games", []):
        for kind, entries in game["entries"].items():
            groups = {}
            for entry in entries:
                groups.setdefault(name_key(entry["name"]), []).append(entry)
            for group in groups.values():
                where = f"site.json: {game['id']}/{kind}"
                if len(group) == 1:
                    if group[0]["display_name"] != group[0]["name"]:
                        report.fail(where, f"{group[0]['id']}: display name {group[0]['display_name']!r} "
                                           f"but no other entry is named {group[0]['name']!r}")
                    continue
                shared += len(group)
                for entry in group:
                    if not (entry["display_name"].startswith(entry["name"] + " (") and entry["display_name"].endswith(")")):
                        report.fail(where, f"{entry['id']}: display name {entry['display_name']!r} does not qualify "
                                           f"the shared name {entry['name']!r}")
                if len({entry["display_name"] for entry in group}) != len(group):
                    report.fail(where, f"entries named {group[0]['name']!r} share a display name")
            for entry in entries:
                references = [r for value in entry["fields"].values() for r in reference_values(value)]
                references += [r for related in entry["inverse"].values() for r in related] + entry["mentions"]
                for reference in references:
                    want = targets.get(reference["url"])
                    if want is not None and (reference["name"], reference["display_name"]) != want:
                        report.fail(f"site.json: {game['id']}/{kind}",
                                    f"{entry['id']}: a reference to {reference['url']} says "
                                    f"{(reference['name'], reference['display_name'])}, its target {want}")
    report.note(f"Names       display names checked against names ({shared} entries share a name), "
                f"references against their targets")


def reference_values(value):
    """The reference objects a field's value holds."""
    items = value if isinstance(value, list) else [value]
    return [item for item in items if isinstance(item, dict)]


# CSV through Python's csv module


def is_reference(spec):
    if spec.get("items", {}).get("$ref") == "#/$defs/reference":
        return True
    return any(option.get("$ref") == "#/$defs/reference" for option in spec.get("anyOf", []))


def kind_layout(schema, kind, entries):
    """The header, fields, relations and extra fields (as (field, column) pairs, first seen first)
    of the CSV file of a kind's entries, named as Questlog names them."""
    entry = schema["$defs"][f"entry-{kind}"]["properties"]
    fields = entry["fields"]["properties"]
    relations = entry["inverse"]["properties"]
    used = set(RESERVED_COLUMNS)

    def claim(base):
        name, suffix = base, 2
        while name in used:
            name, suffix = f"{base}_{suffix}", suffix + 1
        used.add(name)
        return name

    header = ["id", "name", "display_name"]
    for name, spec in fields.items():
        column = claim(name)
        header.append(column)
        if is_reference(spec):
            header.append(claim(column + "_ids"))
    for name in relations:
        used.add(name)
        header += [name, claim(name + "_ids")]
    extras = []
    for entry in entries:
        for name in entry.get("extra", {}):
            if name not in (field for field, _ in extras):
                extras.append((name, claim(name)))
    header += [column for _, column in extras]
    return header + ["notes", "url"], fields, relations, extras


def reference_id(reference):
    return f"{reference['game']}/{reference['id']}" if "game" in reference else reference["id"]


def cell_text(value):
    """A plain JSON value as Questlog writes it in a cell, before the formula rule."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "; ".join(value)
    if value is None:
        return ""
    if isinstance(value, float):
        # Swift's shortest representation, a whole number without its fraction, as Python's repr.
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    return str(value)


def expected_row(entry, fields, relations, extras):
    """The cells of an entry as the JSON export says they must be, but the notes (plain text)."""
    cells = [entry["id"], entry["name"], entry["display_name"]]
    for name, spec in fields.items():
        value = entry["fields"][name]
        if is_reference(spec):
            targets = value if isinstance(value, list) else ([] if value is None else [value])
            cells += ["; ".join(t["display_name"] for t in targets), "; ".join(reference_id(t) for t in targets)]
        else:
            cells.append(cell_text(value))
    for name in relations:
        related = entry["inverse"][name]
        cells += ["; ".join(r["display_name"] for r in related), "; ".join(reference_id(r) for r in related)]
    cells += [cell_text(entry.get("extra", {}).get(name)) for name, _ in extras]
    cells += [None, entry["url"]]
    return [None if cell is None else neutralised(cell) for cell in cells]


def record_breaks_are_crlf(text):
    """Outside quoted fields every line break is CRLF."""
    quoted = False
    index = 0
    while index < len(text):
        char = text[index]
        if char == '"':
            quoted = not quoted
        elif not quoted and char == "\r":
            if text[index + 1:index + 2] != "\n":
                return False
            index += 1
        elif not quoted and char == "\n":
            return False
        index += 1
    return True


def read_csv(path, name, report):
    with open(path, "rb") as handle:
        raw = handle.read()
    if not raw.startswith(BOM):
        report.fail(name, "no UTF-8 byte order mark")
    if not raw.endswith(b"\r\n"):
        report.fail(name, "the last record does not end with CRLF")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        report.fail(name, f"not UTF-8: {error}")
        return None
    if not record_breaks_are_crlf(text):
        report.fail(name, "a record ends with a bare LF or CR")
    try:
        return list(csv.reader(io.StringIO(text, newline=""), strict=True))
    except csv.Error as error:
        report.fail(name, f"Python's csv module cannot read it: {error}")
        return None


def check_csv(folder, site, schema, report):
    """Reads every CSV file back and compares it with the JSON; returns {relative path: rows}."""
    tables = {}
    on_disk = set()
    for game_folder in sorted(os.listdir(folder)):
        path = os.path.join(folder, game_folder)
        if os.path.isdir(path):
            on_disk |= {f"{game_folder}/{name}" for name in os.listdir(path) if name.endswith(".csv")}
    if site is None or schema is None:
        report.fail("CSV", "cannot be compared without site.json and its schema")
        return tables

    folders = {}
    for game in site["games"]:
        for kind, entries in game["entries"].items():
            for entry in entries:
                folders.setdefault(kind, entry["url"].split("/")[1])

    rows_checked = 0
    payloads = 0
    extra_columns = 0
    for game in site["games"]:
        for kind, entries in game["entries"].items():
            header, fields, relations, extras = kind_layout(schema, kind, entries)
            # Extra fields' names are the user's: the header goes through the formula rule too.
            header = [neutralised(column) for column in header]
            if kind in folders:
                name = f"{game['id']}/{folders[kind]}.csv"
            else:
                # No entry of this kind anywhere tells its folder: find the game's file with its header.
                candidates = [p for p in sorted(on_disk) if p.startswith(game["id"] + "/") and p not in tables
                              and (read_csv(os.path.join(folder, p), p, Report()) or [[]])[0] == header]
                name = candidates[0] if candidates else f"{game['id']}/<{kind}>.csv"
            if name not in on_disk:
                report.fail(name, f"missing: the CSV file of {game['id']}'s {kind} entries")
                continue
            rows = read_csv(os.path.join(folder, name), name, report)
            tables[name] = rows
            if rows is None:
                continue
            if rows[0] != header:
                report.fail(name, f"header {rows[0]} but the schema and the extra fields give {header}")
                continue
            extra_columns += len(extras)
            if len(rows) - 1 != len(entries):
                report.fail(name, f"{len(rows) - 1} rows for {len(entries)} entries in the JSON")
            notes = header.index("notes")
            for row, entry in zip(rows[1:], entries):
                rows_checked += 1
                expected = expected_row(entry, fields, relations, extras)
                for column, (cell, want) in enumerate(zip(row, expected)):
                    if want is not None and cell != want:
                        report.fail(name, f"{entry['id']}.{header[column]}: read {cell!r}, the JSON gives {want!r}")
                if not entry["notes"]["markdown"].strip() and row[notes]:
                    report.fail(name, f"{entry['id']}: notes {row[notes]!r} but the entry has none")
                for column, cell in enumerate(row):
                    if is_formula_payload(cell):
                        report.fail(name, f"{entry['id']}.{header[column]}: {cell!r} would run as a formula")
                    payloads += cell.startswith("'") and is_formula_payload(cell[1:])
    for game in site["games"]:
        name = f"{game['id']}/progress.csv"
        if game["entries"].get("playthrough"):
            if name not in on_disk:
                report.fail(name, "missing: the progress of a game with playthroughs")
                continue
            rows = read_csv(os.path.join(folder, name), name, report)
            tables[name] = rows
            if rows is not None:
                rows_checked += check_progress_csv(rows, game, schema, name, report)
    for name in sorted(on_disk - set(tables)):
        report.fail(name, "a CSV file that the JSON export does not describe")
    report.note(f"CSV         {len(tables)} files, {rows_checked} rows read back with Python's csv module and "
                f"compared with the JSON ({extra_columns} extra-field columns); {payloads} formula payloads neutralised")
    return tables


# CSV through LibreOffice


def inline_text(element):
    parts = [element.text or ""]
    for child in element:
        tag = child.tag.rsplit("}", 1)[-1]
        if tag == "s":
            parts.append(" " * int(child.get(f"{{{TEXT}}}c", "1")))
        elif tag == "tab":
            parts.append("\t")
        elif tag == "line-break":
            parts.append("\n")
        else:
            parts.append(inline_text(child))
        parts.append(child.tail or "")
    return "".join(parts)


def read_fods(path):
    """The first sheet's rows as lists of cells: (value type, text, formula, value attributes)."""
    table = ET.parse(path).getroot().find(f".//{{{TABLE}}}table")
    rows = []
    for row in table.iter(f"{{{TABLE}}}table-row"):
        cells = []
        for cell in row:
            if cell.tag not in (f"{{{TABLE}}}table-cell", f"{{{TABLE}}}covered-table-cell"):
                continue
            info = (
                cell.get(f"{{{OFFICE}}}value-type"),
                "\n".join(inline_text(p) for p in cell.findall(f"{{{TEXT}}}p")),
                cell.get(f"{{{TABLE}}}formula"),
                cell.get(f"{{{OFFICE}}}value") or cell.get(f"{{{OFFICE}}}date-value") or cell.get(f"{{{OFFICE}}}boolean-value"),
            )
            repeat = int(cell.get(f"{{{TABLE}}}number-columns-repeated", "1"))
            cells += [info] * (repeat if info[0] or repeat < 1000 else 1)
        while cells and cells[-1][0] is None and not cells[-1][1]:
            cells.pop()
        if cells:
            rows += [cells] * int(row.get(f"{{{TABLE}}}number-rows-repeated", "1"))
    return rows


def compare_cell(where, value, cell, report, counts):
    kind, text, formula, attribute = cell
    if formula:
        report.fail(where, f"LibreOffice evaluated {value!r} as the formula {formula!r}")
        return
    if value.startswith("'") and is_formula_payload(value[1:]):
        counts["payloads"] += 1
    if kind is None:
        if value:
            report.fail(where, f"LibreOffice shows an empty cell for {value!r}")
    elif kind == "string":
        # Calc keeps a cell's lines as paragraphs, which lose the difference between CRLF and LF.
        if text != value.replace("\r\n", "\n").replace("\r", "\n"):
            report.fail(where, f"LibreOffice shows {text!r} for {value!r}")
        elif any(ord(char) > 127 for char in value):
            counts["accented"] += 1
    elif kind in ("float", "percentage", "currency"):
        if is_formula_payload(value):
            report.fail(where, f"LibreOffice turned {value!r} into the number {attribute}")
        elif is_plain_number(value) and float(attribute) != float(value):
            report.fail(where, f"LibreOffice reads {value!r} as {attribute}")
    elif kind == "date":
        # Compare what Calc shows: it stores dates before 1582 in the proleptic Gregorian calendar.
        if not (ISO_DATE.match(value) and text == value):
            report.fail(where, f"LibreOffice turned {value!r} into the date {text!r}")
    elif kind == "boolean":
        if value.lower() != attribute:
            report.fail(where, f"LibreOffice turned {value!r} into the boolean {attribute}")
    else:
        report.fail(where, f"LibreOffice gives {value!r} the unexpected type {kind}")


def progress_field_names(schema):
    """Each kind's first progress field: the boolean a playthrough's list of that name counts."""
    names = {}
    lists = schema["$defs"]["entry-playthrough"]["properties"]["fields"]["properties"]
    for key, definition in schema["$defs"].items():
        if not key.startswith("entry-") or key == "entry-playthrough":
            continue
        for field, spec in definition["properties"]["fields"]["properties"].items():
            if spec.get("type") == "boolean" and field in lists:
                names.setdefault(key[len("entry-"):], field)
                break
    return names


def done_ids(playthrough, field):
    return {reference["id"] for reference in playthrough["fields"].get(field) or [] if "game" not in reference}


def check_progress_csv(rows, game, schema, name, report):
    """progress.csv: id, kind, name, one column per playthrough (by id); a row per progress entry,
    kinds in schema order then ids, true where the playthrough's list in the JSON names it."""
    runs = sorted(game["entries"]["playthrough"], key=lambda entry: entry["id"])
    if rows[0] != ["id", "kind", "name"] + [run["id"] for run in runs]:
        report.fail(name, f"header {rows[0]}")
        return 0
    fields = progress_field_names(schema)
    order = [key[len("entry-"):] for key in schema["$defs"] if key.startswith("entry-")]
    expected = []
    for kind in order:
        if kind not in fields:
            continue
        for entry in sorted(game["entries"].get(kind, []), key=lambda entry: entry["id"]):
            # With `progress: shared` (which the JSON does not tell) an entry's own value counts too.
            own = entry["fields"].get(fields[kind]) is True
            expected.append([entry["id"], kind, entry["name"]]
                            + ["true" if entry["id"] in done_ids(run, fields[kind]) else ("true|false" if own else "false")
                               for run in runs])
    for row, want in zip(rows[1:], expected):
        if len(row) != len(want) or any(cell not in neutralised(w).split("|") for cell, w in zip(row, want)):
            report.fail(name, f"row {row} but the JSON gives {want}")
    if len(rows) - 1 != len(expected):
        report.fail(name, f"{len(rows) - 1} rows for {len(expected)} progress entries")
    return len(rows) - 1


def check_libreoffice(folder, tables, report):
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        report.fail("LibreOffice", "soffice not found: install libreoffice-calc-nogui")
        return
    work = tempfile.mkdtemp(prefix="questlog-exports-")
    try:
        inputs = os.path.join(work, "in")
        os.makedirs(inputs)
        names = {}
        for name in sorted(tables):
            if tables[name] is None:
                continue
            flat = name.replace("/", "__")
            shutil.copyfile(os.path.join(folder, name), os.path.join(inputs, flat))
            names[flat[:-4]] = name
        # The control: a raw formula that Calc must evaluate, else the check could not see one.
        control = [["probe"], ["=1+1"]]
        with open(os.path.join(inputs, "control.csv"), "wb") as handle:
            handle.write(BOM + "".join(",".join(row) + "\r\n" for row in control).encode("utf-8"))
        files = sorted(os.path.join(inputs, flat) for flat in os.listdir(inputs))
        command = [soffice, f"-env:UserInstallation=file://{work}/profile", "--headless", "--norestore",
                   f"--infilter={CSV_FILTER}", "--convert-to", "fods", "--outdir", os.path.join(work, "out")] + files
        started = time.monotonic()
        try:
            result = subprocess.run(command, capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            report.fail("LibreOffice", "soffice did not finish within 10 minutes")
            return
        elapsed = time.monotonic() - started
        if result.returncode != 0:
            report.fail("LibreOffice", f"soffice exited with {result.returncode}: {result.stderr.strip()}")
            return
        counts = {"accented": 0, "payloads": 0, "cells": 0}
        for stem, name in sorted(names.items()):
            converted = os.path.join(work, "out", stem + ".fods")
            if not os.path.isfile(converted):
                report.fail(name, f"LibreOffice did not convert it: {result.stdout.strip()} {result.stderr.strip()}")
                continue
            sheet = read_fods(converted)
            rows = tables[name]
            if len(sheet) != len(rows):
                report.fail(name, f"LibreOffice shows {len(sheet)} rows, Python's csv module reads {len(rows)}")
            for number, (row, cells) in enumerate(zip(rows, sheet), start=1):
                if len(cells) > len(row):
                    report.fail(name, f"row {number}: LibreOffice shows {len(cells)} cells for {len(row)}")
                cells = cells + [(None, "", None, None)] * (len(row) - len(cells))
                for column, (value, cell) in enumerate(zip(row, cells)):
                    counts["cells"] += 1
                    compare_cell(f"{name}:{number}:{rows[0][column]}", value, cell, report, counts)
        control_sheet = os.path.join(work, "out", "control.fods")
        control_rows = read_fods(control_sheet) if os.path.isfile(control_sheet) else []
        if len(control_rows) < 2 or control_rows[1][0][2] is None:
            report.fail("LibreOffice", "the control formula =1+1 was not evaluated, so formulas cannot be detected")
        if counts["accented"] == 0:
            report.fail("LibreOffice", "no cell with accents or other non-ASCII text was checked")
        report.note(f"LibreOffice {len(names)} files imported as UTF-8 in {elapsed:.1f}s: {counts['cells']} cells "
                    f"compared, {counts['accented']} non-ASCII texts intact, {counts['payloads']} formula payloads "
                    f"shown as text")
    finally:
        shutil.rmtree(work, ignore_errors=True)


# XLSX through openpyxl


PROGRESS_HEADER = ["kind", "field", "done", "total", "percent"]
XLSX_TEXT_LIMIT = 32767
FIRST_SERIAL_DATE = "1900-03-01"
SAFE_INT = 2 ** 53


def xml_allowed(text):
    """The text without the characters XML 1.0 forbids, as Questlog writes it in a workbook."""
    kept = "".join(c for c in text if c in "\t\n\r" or 0x20 <= ord(c) <= 0xD7FF or 0xE000 <= ord(c) <= 0xFFFD
                   or ord(c) >= 0x10000)
    units = 0
    for index, char in enumerate(kept):
        units += 2 if ord(char) >= 0x10000 else 1
        if units > XLSX_TEXT_LIMIT:
            return kept[:index]
    return kept


def typed(value, spec=None):
    """A JSON value as the workbook's cell: (Python type name, value); None for no cell."""
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, int):
        # An extra field's 10.0 is 10 in the JSON: declared integers only must be integers.
        return (("int" if spec else "number"), value) if abs(value) <= SAFE_INT else ("text", str(value))
    if isinstance(value, float):
        return ("number", value)
    if isinstance(value, list):
        value = "; ".join(value)
    if value is None or value == "":
        return None
    is_date = spec is not None and spec.get("format") == "date"
    if is_date and value >= FIRST_SERIAL_DATE:
        return ("date", value)
    if spec is None and ISO_DATE.match(value) and value >= FIRST_SERIAL_DATE:
        # An extra field's date is a string in the JSON: a date cell, unless its YAML quoted it.
        return ("date-or-text", value)
    return ("text", xml_allowed(value))


def expected_typed_row(entry, fields, relations, extras):
    """The typed cells of an entry, as the JSON export says they must be; notes are "notes"."""
    def text(value):
        return None if value == "" else ("text", xml_allowed(value))

    cells = [text(entry["id"]), text(entry["name"]), text(entry["display_name"])]
    for name, spec in fields.items():
        value = entry["fields"][name]
        if is_reference(spec):
            targets = value if isinstance(value, list) else ([] if value is None else [value])
            cells += [text("; ".join(t["display_name"] for t in targets)), text("; ".join(reference_id(t) for t in targets))]
        else:
            cells.append(typed(value, spec))
    for name in relations:
        related = entry["inverse"][name]
        cells += [text("; ".join(r["display_name"] for r in related)), text("; ".join(reference_id(r) for r in related))]
    cells += [typed(entry.get("extra", {}).get(name)) for name, _ in extras]
    return cells + ["notes", text(entry["url"])]


def matches(cell, want, where, report, counts):
    """Compares an openpyxl cell with an expected typed value."""
    value = cell.value
    if cell.data_type == "f" or (isinstance(value, str) and value.startswith("=") and cell.data_type != "s"):
        report.fail(where, f"a formula: {value!r}")
        return
    if want is None:
        if value is not None:
            report.fail(where, f"{value!r} where the JSON has no value")
        return
    kind, expected = want
    if kind == "bool":
        ok = isinstance(value, bool) and value == expected
    elif kind == "int":
        ok = isinstance(value, int) and not isinstance(value, bool) and value == expected
    elif kind == "number":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and float(value) == expected
    elif kind in ("date", "date-or-text"):
        ok = (isinstance(value, datetime.datetime) and value.date().isoformat() == expected and cell.is_date) \
            or (kind == "date-or-text" and value == expected)
    else:
        ok = isinstance(value, str) and value == expected
        if ok and isinstance(value, str) and is_formula_payload(value):
            counts["payloads"] += 1
    if not ok:
        report.fail(where, f"openpyxl reads {value!r} ({type(value).__name__}), the JSON gives {expected!r} ({kind})")
        return
    counts[kind.split("-")[0]] = counts.get(kind.split("-")[0], 0) + 1


def check_xlsx(folder, site, schema, tables, report):
    """Reads every workbook with openpyxl; returns {file: [(sheet name, expected rows)]} for LibreOffice."""
    expected = {}
    on_disk = {name for name in os.listdir(folder) if name.endswith(".xlsx")}
    if site is None or schema is None:
        report.fail("XLSX", "cannot be compared without site.json and its schema")
        return expected
    has_pages = os.path.isfile(os.path.join(folder, "..", "index.html"))
    counts = {"payloads": 0}
    sheets_checked = 0
    links = 0
    for game in site["games"]:
        name = game["id"] + ".xlsx"
        kinds = [(kind, entries) for kind, entries in game["entries"].items() if entries]
        if not kinds:
            if name in on_disk:
                report.fail(name, "a workbook for a game without entries")
            continue
        if name not in on_disk:
            report.fail(name, f"missing: the workbook of {game['id']}")
            continue
        on_disk.discard(name)
        try:
            workbook = openpyxl.load_workbook(os.path.join(folder, name))
        except Exception as error:  # openpyxl raises many kinds; any of them means unreadable
            report.fail(name, f"openpyxl cannot read it: {error}")
            continue
        names = workbook.sheetnames
        if len(names) != len(kinds) + (1 if "Progress" in names else 0):
            report.fail(name, f"sheets {names} for the kinds {[kind for kind, _ in kinds]}")
        if len({n.lower() for n in names}) != len(names) or any(
                len(n) > 31 or set(n) & set("[]:*?/\\") or n.startswith("'") or n.endswith("'") for n in names):
            report.fail(name, f"invalid or duplicate sheet names {names}")
        expected[name] = []
        for sheet_name, (kind, entries) in zip(names, kinds):
            sheet = workbook[sheet_name]
            sheets_checked += 1
            where = f"{name}[{sheet_name}]"
            header, fields, relations, extras = kind_layout(schema, kind, entries)
            rows = list(sheet.iter_rows())
            if [cell.value for cell in rows[0]] != header:
                report.fail(where, f"header {[cell.value for cell in rows[0]]}, the CSV's is {header}")
                continue
            check_sheet_frame(sheet, where, len(entries) + 1, len(header), report)
            csv_file = next((p for p, t in tables.items() if t and t[0] == [neutralised(h) for h in header]
                             and p.startswith(game["id"] + "/") and len(t) == len(rows)), None)
            notes = header.index("notes")
            sheet_rows = [header]
            for number, (row, entry) in enumerate(zip(rows[1:], entries), start=2):
                want = expected_typed_row(entry, fields, relations, extras)
                if csv_file is not None:
                    cell = tables[csv_file][number - 1][notes]
                    cell = cell[1:] if cell.startswith("'") and is_formula_payload(cell[1:]) else cell
                    want[notes] = None if cell == "" else ("text", xml_allowed(cell))
                else:
                    want[notes] = ("text", row[notes].value) if row[notes].value else None
                for column, (cell, value) in enumerate(zip(row, want)):
                    matches(cell, value, f"{where}!{cell.coordinate} ({entry['id']}.{header[column]})", report, counts)
                sheet_rows.append(want)
                link = row[1].hyperlink
                target = link.target if link is not None else None
                if target != "../" + entry["url"]:
                    report.fail(where, f"{entry['id']}: the name links to {target!r}, not ../{entry['url']}")
                elif has_pages and not os.path.isfile(os.path.normpath(os.path.join(folder, target))):
                    report.fail(where, f"{entry['id']}: the link {target} leads to no page")
                else:
                    links += 1
            expected[name].append((sheet_name, sheet_rows))
        if "Progress" in names:
            sheets_checked += 1
            if game["entries"].get("playthrough"):
                check_playthrough_progress(workbook, name, game, schema, report)
            else:
                check_progress(workbook, name, report)
            expected[name].append(("Progress", None))
    for name in sorted(on_disk):
        report.fail(name, "a workbook that the JSON export does not describe")
    report.note(f"XLSX        {len(expected)} workbooks, {sheets_checked} sheets read with openpyxl: "
                f"{counts.get('bool', 0)} booleans, {counts.get('int', 0) + counts.get('number', 0)} numbers, "
                f"{counts.get('date', 0)} dates, {counts.get('text', 0)} texts ({counts['payloads']} formula payloads "
                f"kept as plain text), {links} name links; bold frozen headers, autofilters, no formula")
    return expected


def check_sheet_frame(sheet, where, rows, columns, report):
    """The header is bold and frozen, the autofilter covers the table, widths are fitted."""
    last = openpyxl.utils.get_column_letter(columns)
    if sheet.freeze_panes != "A2":
        report.fail(where, f"frozen at {sheet.freeze_panes!r}, not below the header")
    if sheet.auto_filter.ref != f"A1:{last}{rows}":
        report.fail(where, f"autofilter {sheet.auto_filter.ref!r}, the table is A1:{last}{rows}")
    if not all(cell.font.b for cell in sheet[1]):
        report.fail(where, "the header row is not bold")
    for column in range(1, columns + 1):
        width = sheet.column_dimensions[openpyxl.utils.get_column_letter(column)].width
        if not 8 <= width <= 60:
            report.fail(where, f"column {column} is {width} characters wide")


def check_progress(workbook, name, report):
    """Each row counts a boolean column of the kind's sheet: done of total, percent their ratio."""
    sheet = workbook["Progress"]
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    where = f"{name}[Progress]"
    if rows[0] != PROGRESS_HEADER:
        report.fail(where, f"header {rows[0]}")
        return
    check_sheet_frame(sheet, where, len(rows), 5, report)
    for kind, field, done, total, percent in rows[1:]:
        if kind not in workbook.sheetnames:
            report.fail(where, f"{kind!r} is no sheet of the workbook")
            continue
        values = list(workbook[kind].iter_rows(min_row=2, values_only=True))
        columns = [list(column) for column in zip(*values)]
        counts = [column.count(True) for column in columns if all(isinstance(v, bool) for v in column)]
        if not (isinstance(done, int) and isinstance(total, int)) or total != len(values) or done not in counts:
            report.fail(where, f"{kind}.{field}: {done} of {total} matches no boolean column of {len(values)} rows")
        if not isinstance(percent, float) or abs(percent - done / total) > 1e-12:
            report.fail(where, f"{kind}.{field}: percent {percent!r} for {done} of {total}")


def check_playthrough_progress(workbook, name, game, schema, report):
    """With playthroughs, each row counts one playthrough's list: done of the kind's entries that
    the list names (or, with progress: shared, that also set the field themselves)."""
    sheet = workbook["Progress"]
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    where = f"{name}[Progress]"
    if rows[0] != ["playthrough"] + PROGRESS_HEADER:
        report.fail(where, f"header {rows[0]}")
        return
    check_sheet_frame(sheet, where, len(rows), 6, report)
    runs = {run["name"]: run for run in game["entries"]["playthrough"]}
    for run_name, kind_label, field_label, done, total, percent in rows[1:]:
        run = runs.get(run_name)
        if run is None or kind_label not in workbook.sheetnames:
            report.fail(where, f"{run_name!r}/{kind_label!r}: no such playthrough or sheet")
            continue
        values = list(workbook[kind_label].iter_rows(values_only=True))
        ids = {row[0] for row in values[1:]}
        kind = next((k for k, entries in game["entries"].items() if {e["id"] for e in entries} == ids), None)
        if kind is None:
            report.fail(where, f"{kind_label!r} holds no kind's entries")
            continue
        definition = schema["$defs"]["entry-" + kind]["properties"]["fields"]["properties"]
        field = next((f for f, spec in definition.items() if spec.get("title") == field_label and spec.get("type") == "boolean"), None)
        listed = done_ids(run, field) & ids
        own = {e["id"] for e in game["entries"][kind] if e["fields"].get(field)}
        if total != len(ids) or done not in (len(listed), len(listed | own)):
            report.fail(where, f"{run_name}: {kind}.{field}: {done} of {total}, but the list names {len(listed)} of {len(ids)}")
        if not isinstance(percent, float) or abs(percent - done / total) > 1e-12:
            report.fail(where, f"{run_name}: {kind}.{field}: percent {percent!r} for {done} of {total}")


# XLSX through LibreOffice


def read_fods_tables(path):
    """Every sheet's rows (see read_fods), the names of the bold cell styles, the autofilter ranges
    and each sheet's links, from a flat ODS file."""
    root = ET.parse(path).getroot()
    style = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
    fo = "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
    bold = set()
    for element in root.iter(f"{{{style}}}style"):
        properties = element.find(f"{{{style}}}text-properties")
        if properties is not None and properties.get(f"{{{fo}}}font-weight") == "bold":
            bold.add(element.get(f"{{{style}}}name"))
    filters = {r.get(f"{{{TABLE}}}target-range-address") for r in root.iter(f"{{{TABLE}}}database-range")
               if r.get(f"{{{TABLE}}}display-filter-buttons") == "true"}
    sheets = []
    for table in root.iter(f"{{{TABLE}}}table"):
        rows, header_styles, hrefs = [], [], []
        for row in table.iter(f"{{{TABLE}}}table-row"):
            cells = []
            for cell in row:
                if cell.tag != f"{{{TABLE}}}table-cell":
                    continue
                info = (cell.get(f"{{{OFFICE}}}value-type"), "\n".join(inline_text(p) for p in cell.findall(f"{{{TEXT}}}p")),
                        cell.get(f"{{{TABLE}}}formula"),
                        cell.get(f"{{{OFFICE}}}value") or cell.get(f"{{{OFFICE}}}date-value") or cell.get(f"{{{OFFICE}}}boolean-value"))
                repeat = int(cell.get(f"{{{TABLE}}}number-columns-repeated", "1"))
                cells += [info] * (repeat if info[0] or repeat < 1000 else 1)
                if not rows:
                    header_styles += [cell.get(f"{{{TABLE}}}style-name")] * min(repeat, 1000)
                link = cell.find(f".//{{{TEXT}}}a")
                if link is not None:
                    hrefs.append(link.get("{http://www.w3.org/1999/xlink}href"))
            while cells and cells[-1][0] is None and not cells[-1][1]:
                cells.pop()
            if cells:
                rows.append(cells)
        sheets.append((table.get(f"{{{TABLE}}}name"), rows, header_styles, hrefs))
    return sheets, bold, filters


def compare_typed_cell(where, want, cell, report, counts):
    kind, text, formula, attribute = cell
    if want is None:
        if kind is not None:
            report.fail(where, f"LibreOffice shows {text!r} where the JSON has no value")
        return
    expected_kind, value = want
    if formula and not (expected_kind == "bool" and formula == f"of:={str(value).upper()}()"):
        report.fail(where, f"LibreOffice evaluates the formula {formula!r}")
        return
    if expected_kind == "bool":
        ok = formula is not None and attribute == ("1" if value else "0")
    elif expected_kind in ("int", "number"):
        ok = kind == "float" and abs(float(attribute) - value) <= 1e-9 * max(1, abs(value))
    elif expected_kind in ("date", "date-or-text"):
        ok = (kind == "date" and attribute[:10] == value) or (expected_kind == "date-or-text" and kind == "string" and text == value)
    else:
        ok = kind == "string" and text == value.replace("\r\n", "\n").replace("\r", "\n")
    if not ok:
        report.fail(where, f"LibreOffice shows {kind} {text!r} ({attribute}) for the {expected_kind} {value!r}")
    else:
        counts[expected_kind.split("-")[0]] = counts.get(expected_kind.split("-")[0], 0) + 1


def check_xlsx_libreoffice(folder, expected, report):
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None or not expected:
        report.fail("LibreOffice", "no soffice, or no workbook to open")
        return
    work = tempfile.mkdtemp(prefix="questlog-xlsx-")
    try:
        inputs = os.path.join(work, "in")
        os.makedirs(inputs)
        for name in expected:
            shutil.copyfile(os.path.join(folder, name), os.path.join(inputs, name))
        command = [soffice, f"-env:UserInstallation=file://{work}/profile", "--headless", "--norestore",
                   "--convert-to", "fods", "--outdir", os.path.join(work, "out")] + sorted(os.path.join(inputs, n) for n in expected)
        started = time.monotonic()
        result = subprocess.run(command, capture_output=True, text=True, timeout=600)
        elapsed = time.monotonic() - started
        counts = {}
        sheets_checked = 0
        for name, sheets in sorted(expected.items()):
            converted = os.path.join(work, "out", name[:-5] + ".fods")
            if not os.path.isfile(converted):
                report.fail(name, f"LibreOffice did not open it: {result.stdout.strip()} {result.stderr.strip()}")
                continue
            tables, bold, filters = read_fods_tables(converted)
            if [t[0] for t in tables] != [s[0] for s in sheets]:
                report.fail(name, f"LibreOffice shows the sheets {[t[0] for t in tables]}, openpyxl {[s[0] for s in sheets]}")
                continue
            for (sheet_name, rows, header_styles, hrefs), (_, want_rows) in zip(tables, sheets):
                sheets_checked += 1
                where = f"{name}[{sheet_name}] in LibreOffice"
                if not header_styles or not all(style in bold for style in header_styles[:len(rows[0])]):
                    report.fail(where, "the header row is not bold")
                if not any(f.startswith(f"{sheet_name}.A1:") or f.startswith(f"'{sheet_name}'.A1:") for f in filters):
                    report.fail(where, f"no autofilter over the table (ranges: {sorted(filters)})")
                if want_rows is None:
                    continue
                if len(rows) != len(want_rows):
                    report.fail(where, f"{len(rows)} rows, openpyxl reads {len(want_rows)}")
                header = want_rows[0]
                for number, (cells, want) in enumerate(zip(rows[1:], want_rows[1:]), start=2):
                    cells = cells + [(None, "", None, None)] * (len(header) - len(cells))
                    for column, (cell, value) in enumerate(zip(cells, want)):
                        compare_typed_cell(f"{where}:{number}:{header[column]}", value, cell, report, counts)
                bad = [href for href in hrefs if not href.startswith("../")]
                if len(hrefs) != len(want_rows) - 1 or bad:
                    report.fail(where, f"{len(hrefs)} links for {len(want_rows) - 1} names ({bad[:3]})")
        report.note(f"LibreOffice {len(expected)} workbooks, {sheets_checked} sheets opened in {elapsed:.1f}s: "
                    f"{counts.get('bool', 0)} booleans (TRUE()/FALSE()), {counts.get('int', 0) + counts.get('number', 0)} "
                    f"numbers, {counts.get('date', 0)} dates, {counts.get('text', 0)} texts; bold headers, autofilters, "
                    f"links, no other formula")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print("usage: check_exports.py EXPORTS_DIR", file=sys.stderr)
        return 64
    folder = sys.argv[1]
    report = Report()
    site, _, schema = check_json(folder, report)
    tables = check_csv(folder, site, schema, report)
    check_libreoffice(folder, tables, report)
    workbooks = check_xlsx(folder, site, schema, tables or {}, report)
    check_xlsx_libreoffice(folder, workbooks, report)
    print(f"Exports in {folder}")
    for line in report.lines:
        print("  " + line)
    if report.failures:
        print(f"FAILED: {len(report.failures)} problems")
        for failure in report.failures:
            print("  - " + failure)
        return 1
    print("OK: every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
