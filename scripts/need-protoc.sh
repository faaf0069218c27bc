#!/usr/bin/env bash
# Installs protoc (Debian's protobuf-compiler) when it is missing. Every build of the kapi binary needs it: kapi's
# etcd lease store is compiled from etcd's .proto files. The scripts that build kapi run this first.
set -euo pipefail
if ! command -v protoc >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq protobuf-compiler >/dev/null
fi
