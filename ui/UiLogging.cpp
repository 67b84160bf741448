#include "UiLogging.h"

Q_LOGGING_CATEGORY(lcUi, "terrarium.ui", QtInfoMsg)
