import sys

from picas.cli import main

sys.exit(main())
