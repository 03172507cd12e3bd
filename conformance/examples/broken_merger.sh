#!/bin/sh
# A deliberately broken merger, to show that the propagation cases catch one.
#
# It runs the reference merger (`antenna merge --protocol`, or the command in
# $ANTENNA) and then forgets the Method hop: it publishes `Method: GET/200`
# where the spec wants `REMOTE/GET/200` (HINA-DI rev. 0.12 §Method,
# §Propagation). Every case that publishes a block with a Method fails, with a
# diff naming the field:
#
#   antenna-conformance --format merge \
#       --merger "sh $PWD/conformance/examples/broken_merger.sh"
#
# The runner starts the merger in a temporary folder, so give the script's
# absolute path.
set -eu
output=$(${ANTENNA:-antenna} merge --protocol)
printf '%s\n' "$output" | sed 's/\["Method","REMOTE\//["Method","/g'
