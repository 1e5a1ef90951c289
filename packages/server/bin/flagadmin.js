#!/usr/bin/env node
// The `flagadmin` command. The CLI itself is built to dist/ (the workspace builds every package at
// install); this file is checked in so the bin link exists as soon as the package is installed.
import '../dist/cli.js';
